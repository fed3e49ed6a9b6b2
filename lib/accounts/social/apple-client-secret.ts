import { importPKCS8, SignJWT } from 'jose';

/**
 * Apple's client secret is a short JWT signed (ES256) with the team's Sign in with Apple key:
 * issuer the team id, subject the Services ID, audience Apple. Signed afresh for each code
 * exchange, so no secret expires in the configuration.
 */
export async function createAppleClientSecret(input: {
  teamId: string;
  keyId: string;
  privateKey: string;
  clientId: string;
  audience: string;
}): Promise<string> {
  const key = await importPKCS8(input.privateKey, 'ES256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: input.keyId })
    .setIssuer(input.teamId)
    .setSubject(input.clientId)
    .setAudience(input.audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}
