// The human-check token that POST, PUT and PATCH calls carry (spec §7).
// system.info says which verifier the server runs: in sandbox mode the token
// is a fixed string the sandbox verifier accepts; with reCAPTCHA v3 the
// script is loaded only when the first mutation needs a token.

import type { BotCheckConfig } from './types';

type Grecaptcha = {
  ready: (cb: () => void) => void;
  execute: (siteKey: string, opts: { action: string }) => Promise<string>;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

export function sandboxToken(action: string): string {
  return `sandbox.${action}`;
}

const scripts = new Map<string, Promise<Grecaptcha>>();

/** Adds the reCAPTCHA v3 script once per site key and waits until it is ready. */
export function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  let loading = scripts.get(siteKey);
  if (!loading) {
    loading = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `${RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => {
        const grecaptcha = window.grecaptcha;
        if (!grecaptcha) {
          reject(new Error('reCAPTCHA did not start.'));
          return;
        }
        grecaptcha.ready(() => resolve(grecaptcha));
      };
      script.onerror = () => {
        scripts.delete(siteKey);
        script.remove();
        reject(new Error('The human check could not be loaded. Check your connection and try again.'));
      };
      document.head.appendChild(script);
    });
    scripts.set(siteKey, loading);
  }
  return loading;
}

export type BotCheck = {
  getToken(action: string): Promise<string>;
};

export function createBotCheck(
  loadConfig: () => Promise<BotCheckConfig>,
  load: (siteKey: string) => Promise<Grecaptcha> = loadRecaptcha,
): BotCheck {
  let config: Promise<BotCheckConfig> | undefined;

  async function getConfig(): Promise<BotCheckConfig> {
    config ??= loadConfig().catch((err: unknown) => {
      config = undefined; // try again on the next call
      throw err;
    });
    return config;
  }

  return {
    async getToken(action) {
      const { mode, siteKey } = await getConfig();
      if (mode === 'sandbox') return sandboxToken(action);
      const grecaptcha = await load(siteKey);
      return grecaptcha.execute(siteKey, { action });
    },
  };
}
