import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { createAppleClientSecret } from './apple-client-secret';

describe('createAppleClientSecret', () => {
  it('signs a short ES256 JWT from the team, key and Services ID that Apple expects', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const secret = await createAppleClientSecret({
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      privateKey: await exportPKCS8(privateKey),
      clientId: 'com.example.web',
      audience: 'https://appleid.apple.com',
    });
    const { payload, protectedHeader } = await jwtVerify(secret, publicKey, {
      issuer: 'TEAM123456',
      subject: 'com.example.web',
      audience: 'https://appleid.apple.com',
    });
    expect(protectedHeader).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    expect(payload.exp! - payload.iat!).toBe(300);
  });
});
