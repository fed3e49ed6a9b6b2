import { expectedIssuer } from './id-token';

describe('expectedIssuer', () => {
  it('is the discovered issuer for single-issuer providers', () => {
    expect(expectedIssuer('https://accounts.google.com', { tid: 'ignored' })).toBe('https://accounts.google.com');
  });

  it("puts the token's tenant into Microsoft's multi-tenant template", () => {
    const template = 'https://login.microsoftonline.com/{tenantid}/v2.0';
    expect(expectedIssuer(template, { tid: '9188040d-6c67-4c5b-b112-36a304b66dad' })).toBe(
      'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
    );
  });

  it('has no issuer to match when the tenant is missing or could reshape the URL', () => {
    const template = 'https://login.microsoftonline.com/{tenantid}/v2.0';
    expect(expectedIssuer(template, {})).toBeNull();
    expect(expectedIssuer(template, { tid: 42 })).toBeNull();
    expect(expectedIssuer(template, { tid: 'evil.example/x' })).toBeNull();
  });
});
