import {
  escapeLittleText,
  linkedInApiRules,
  linkedInSunset,
  linkedInVersionActive,
  readLittleText,
} from './linkedin-rules';

describe('LinkedIn API rules (contracts/linkedin/api-rules.json)', () => {
  const rules = linkedInApiRules();

  it('names a page for every rule', () => {
    const sources = JSON.stringify(rules).match(/"source":"(\w+)"/g) ?? [];
    for (const source of sources) expect(Object.keys(rules.sources)).toContain(source.split('"')[3]);
    for (const page of Object.values(rules.sources)) expect(page.url).toMatch(/^https:\/\//);
  });

  it('answers a version until its sunset day, and no version the migrations table does not list', () => {
    expect(linkedInSunset('202511')).toEqual(new Date('2026-11-16T00:00:00Z'));
    expect(linkedInVersionActive('202511', new Date('2026-11-15T23:59:59Z'))).toBe(true);
    expect(linkedInVersionActive('202511', new Date('2026-11-16T00:00:00Z'))).toBe(false);
    expect(linkedInVersionActive('202603', new Date('2026-11-26T00:00:00Z'))).toBe(true);
    expect(linkedInVersionActive('209912', new Date('2026-11-26T00:00:00Z'))).toBe(false);
  });

  it('escapes every reserved character of the little text format, the backslash first', () => {
    expect(escapeLittleText('a\\b (c) #d @e [f] {g} <h> *i* _j_ ~k~ |l|')).toBe(
      'a\\\\b \\(c\\) \\#d \\@e \\[f\\] \\{g\\} \\<h\\> \\*i\\* \\_j\\_ \\~k\\~ \\|l\\|',
    );
    expect(escapeLittleText('Plain, café 🍞.')).toBe('Plain, café 🍞.');
  });

  it('reads back what LinkedIn keeps: the escaped text whole, an unescaped reserved character cutting it', () => {
    const text = 'Bread (rye) for #friends @ 5 [sic] {ok} <b> *x* _y_ ~z~ |w| a\\b';
    expect(readLittleText(escapeLittleText(text))).toEqual({ text, cut: false });
    expect(readLittleText('Fresh bread (rye) today')).toEqual({ text: 'Fresh bread ', cut: true });
    expect(readLittleText('Come by #bakery today')).toEqual({ text: 'Come by #bakery today', cut: false });
    expect(readLittleText('Hi @[Ada](urn:li:person:abc) and @ you')).toEqual({ text: 'Hi Ada and ', cut: true });
  });
});
