import { createHmac } from 'node:crypto';

// RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits) from a base32 secret
// (RFC 4648), as an authenticator app computes it, for the portal journey.

function base32Decode(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const clean = secret.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = alphabet.indexOf(ch);
    if (idx < 0) throw new Error(`Not a base32 character: ${ch}`);
    value = (value << 5) | idx;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code for the 30-second step containing `at` (ms since the epoch). */
export function totp(secret: string, at = Date.now(), { step = 30, digits = 6 } = {}): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / step)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

/** Waits, when needed, so that the current code stays valid for at least `margin` seconds. */
export async function freshTotp(secret: string, margin = 5): Promise<string> {
  const left = 30 - ((Date.now() / 1000) % 30);
  if (left < margin) await new Promise((r) => setTimeout(r, left * 1000 + 200));
  return totp(secret);
}
