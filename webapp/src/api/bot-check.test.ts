import { createBotCheck, loadRecaptcha, RECAPTCHA_SCRIPT_URL } from './bot-check';

describe('bot check', () => {
  afterEach(() => {
    delete window.grecaptcha;
    document.head.querySelectorAll('script').forEach((s) => s.remove());
  });

  it('gives the sandbox token when the server runs the sandbox verifier', async () => {
    const load = vi.fn();
    const check = createBotCheck(async () => ({ mode: 'sandbox', siteKey: '' }), load);
    await expect(check.getToken('api_update')).resolves.toBe('sandbox.api_update');
    expect(load).not.toHaveBeenCalled();
  });

  it('asks reCAPTCHA for a token with the action when the server runs reCAPTCHA', async () => {
    const execute = vi.fn(async () => 'real-token');
    const load = vi.fn(async () => ({ ready: (cb: () => void) => cb(), execute }));
    const check = createBotCheck(async () => ({ mode: 'recaptcha', siteKey: 'site-key-1' }), load);
    await expect(check.getToken('api_update')).resolves.toBe('real-token');
    expect(load).toHaveBeenCalledWith('site-key-1');
    expect(execute).toHaveBeenCalledWith('site-key-1', { action: 'api_update' });
  });

  it('reads the configuration once, and again after a failure', async () => {
    const loadConfig = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ mode: 'sandbox', siteKey: '' });
    const check = createBotCheck(loadConfig);
    await expect(check.getToken('api_update')).rejects.toThrow('offline');
    await check.getToken('api_update');
    await check.getToken('api_update');
    expect(loadConfig).toHaveBeenCalledTimes(2);
  });

  it('loads the reCAPTCHA script lazily, once per site key', async () => {
    expect(document.head.querySelector('script')).toBeNull();
    const first = loadRecaptcha('abc');
    const second = loadRecaptcha('abc');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe(`${RECAPTCHA_SCRIPT_URL}?render=abc`);

    const grecaptcha = { ready: (cb: () => void) => cb(), execute: vi.fn() };
    window.grecaptcha = grecaptcha;
    scripts[0]!.onload?.(new Event('load'));
    await expect(first).resolves.toBe(grecaptcha);
    expect(second).toBe(first);
  });

  it('lets a failed script load be tried again', async () => {
    const first = loadRecaptcha('def');
    const script = document.head.querySelector('script')!;
    script.onerror?.(new Event('error'));
    await expect(first).rejects.toThrow(/could not be loaded/);
    expect(document.head.querySelector('script')).toBeNull();
    void loadRecaptcha('def').catch(() => {});
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });
});
