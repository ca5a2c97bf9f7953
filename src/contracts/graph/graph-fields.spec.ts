import { FieldsSyntaxError, parseFields } from './graph-fields';

describe('parseFields', () => {
  it('parses names, nested selections and modifiers', () => {
    expect(parseFields('id,picture{url},reactions.summary(total_count).limit(0),replies.limit(5){id,text}')).toEqual([
      { name: 'id', modifiers: [] },
      { name: 'picture', modifiers: [], children: [{ name: 'url', modifiers: [] }] },
      {
        name: 'reactions',
        modifiers: [
          { name: 'summary', argument: 'total_count' },
          { name: 'limit', argument: '0' },
        ],
      },
      {
        name: 'replies',
        modifiers: [{ name: 'limit', argument: '5' }],
        children: [
          { name: 'id', modifiers: [] },
          { name: 'text', modifiers: [] },
        ],
      },
    ]);
  });

  it('parses nesting at depth and tolerates spaces', () => {
    expect(parseFields(' instagram_business_account { id , username } ')).toEqual([
      {
        name: 'instagram_business_account',
        modifiers: [],
        children: [
          { name: 'id', modifiers: [] },
          { name: 'username', modifiers: [] },
        ],
      },
    ]);
    expect(parseFields('comments{from{id},parent{id}}')[0].children?.[0].children).toEqual([
      { name: 'id', modifiers: [] },
    ]);
  });

  it.each(['', 'id,', 'picture{url', 'reactions.summary', 'a.b(c', 'id}'])('refuses "%s"', (expression) => {
    expect(() => parseFields(expression)).toThrow(FieldsSyntaxError);
  });
});
