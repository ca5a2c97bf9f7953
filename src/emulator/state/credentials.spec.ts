import { CredentialStore, IssuedToken } from './credentials';

const token = (value: string, grantId: string): IssuedToken => ({
  value,
  network: 'facebook',
  kind: 'page',
  lifetime: 'long',
  userId: 'ada',
  subjectId: 'page-1',
  clientId: 'app',
  scopes: [],
  grantId,
  issuedAt: 0,
});

describe('CredentialStore grants', () => {
  it("keeps each grant's tokens in issue order, through a trip to JSON, and forgets them on clear", () => {
    const store = new CredentialStore(() => 0);
    store.saveToken(token('a1', 'grant-a'));
    store.saveToken(token('b1', 'grant-b'));
    store.saveToken(token('a2', 'grant-a'));
    expect(store.tokensOfGrant('grant-a').map((saved) => saved.value)).toEqual(['a1', 'a2']);
    expect(store.findToken('b1')?.grantId).toBe('grant-b');

    const copy = new CredentialStore(() => 0);
    copy.load(JSON.parse(JSON.stringify(store.toJSON())));
    expect(copy.tokensOfGrant('grant-a').map((saved) => saved.value)).toEqual(['a1', 'a2']);

    store.clear();
    expect(store.tokensOfGrant('grant-a')).toEqual([]);
    expect(store.findToken('a1')).toBeUndefined();
  });

  it('ends every working token of a grant, and no other', () => {
    const store = new CredentialStore(() => 0);
    store.saveToken(token('a1', 'grant-a'));
    store.saveToken({ ...token('a2', 'grant-a'), invalidated: 'rotated' });
    store.saveToken(token('b1', 'grant-b'));
    expect(store.invalidateGrant('grant-a', 'revoked')).toBe(1);
    expect(store.findToken('a1')?.invalidated).toBe('revoked');
    expect(store.findToken('a2')?.invalidated).toBe('rotated');
    expect(store.findToken('b1')?.invalidated).toBeUndefined();
  });

  it('moves a token saved again under another grant', () => {
    const store = new CredentialStore(() => 0);
    store.saveToken(token('a1', 'grant-a'));
    store.saveToken(token('a1', 'grant-b'));
    expect(store.tokensOfGrant('grant-a')).toEqual([]);
    expect(store.tokensOfGrant('grant-b').map((saved) => saved.value)).toEqual(['a1']);
  });

  it('counts a token saved again once in its grant', () => {
    const store = new CredentialStore(() => 0);
    store.saveToken(token('a1', 'grant-a'));
    store.saveToken({ ...token('a1', 'grant-a'), invalidated: 'revoked' });
    expect(store.tokensOfGrant('grant-a')).toEqual([expect.objectContaining({ value: 'a1', invalidated: 'revoked' })]);
  });
});
