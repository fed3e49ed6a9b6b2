import crypto from 'node:crypto';

/** The public order reference a bank transfer quotes: K- and ten characters without look-alikes. */
export function newOrderReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(10);
  return `K-${[...bytes].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}
