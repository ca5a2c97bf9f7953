import { OpenApiContract, readContractJson } from '../../contracts';
import type { OpenApiOverlay } from '../../contracts';
import { PostPart } from '../network-adapter';
import { X_EXCLUSIVE, X_OPTIONS_SCHEMA, X_POST_OPTIONS, xOptionProblems, xTweetFields } from './x-post-options';

const text: PostPart[] = [{ text: 'Which bread?', media: [] }];
const withImage: PostPart[] = [{ text: 'Look', media: [{ kind: 'image', url: 'https://cdn.example.com/a.jpg' }] }];
const poll = { options: ['Rye', 'Spelt'], durationMinutes: 60 };
const fieldsAndRules = (options: Record<string, unknown>, parts: PostPart[] = text) =>
  xOptionProblems(options, 'options.x', parts).map(({ field, rule }) => ({ field, rule }));

describe('options.x', () => {
  it('takes a poll, a reply setting, a quote and a community', () => {
    expect(fieldsAndRules({ poll, replySettings: 'following', communityId: '1471580197908586507' })).toEqual([]);
    expect(fieldsAndRules({ quotePostId: '1146654567674912769', replySettings: 'everyone' })).toEqual([]);
  });

  it("refuses a poll outside X's bounds, naming the field", () => {
    expect(fieldsAndRules({ poll: { options: ['Only one'], durationMinutes: 60 } })).toEqual([
      { field: 'options.x.poll.options', rule: 'poll_invalid' },
    ]);
    expect(fieldsAndRules({ poll: { options: ['a', 'b', 'c', 'd', 'e'], durationMinutes: 60 } })).toEqual([
      { field: 'options.x.poll.options', rule: 'poll_invalid' },
    ]);
    expect(fieldsAndRules({ poll: { options: ['ok', 'x'.repeat(26)], durationMinutes: 60 } })).toEqual([
      { field: 'options.x.poll.options[1]', rule: 'poll_invalid' },
    ]);
    expect(fieldsAndRules({ poll: { options: ['ok', ''], durationMinutes: 60 } })).toEqual([
      { field: 'options.x.poll.options[1]', rule: 'poll_invalid' },
    ]);
    for (const durationMinutes of [4, 10_081, 60.5, '60'])
      expect(fieldsAndRules({ poll: { options: ['a', 'b'], durationMinutes } })).toEqual([
        { field: 'options.x.poll.durationMinutes', rule: 'poll_invalid' },
      ]);
    expect(fieldsAndRules({ poll: { options: ['a', 'b'], durationMinutes: 5 } })).toEqual([]);
    expect(fieldsAndRules({ poll: { options: ['a', 'b'], durationMinutes: 10_080 } })).toEqual([]);
    expect(fieldsAndRules({ poll: { options: ['a', 'b'], durationMinutes: 60, votes: 1 } })).toEqual([
      { field: 'options.x.poll.votes', rule: 'poll_invalid' },
    ]);
  });

  it('counts a choice in characters (code points), as X’s schema does: 25 emoji pass', () => {
    expect(fieldsAndRules({ poll: { options: ['🍞'.repeat(25), 'no'], durationMinutes: 60 } })).toEqual([]);
  });

  it('refuses a poll with media, and a quote with media or with a poll', () => {
    expect(fieldsAndRules({ poll }, withImage)).toEqual([{ field: 'options.x.poll', rule: 'poll_with_media' }]);
    expect(fieldsAndRules({ quotePostId: '20' }, withImage)).toEqual([
      { field: 'options.x.quotePostId', rule: 'options_exclusive' },
    ]);
    expect(fieldsAndRules({ poll, quotePostId: '20' })).toEqual([
      { field: 'options.x.quotePostId', rule: 'options_exclusive' },
    ]);
  });

  it('refuses a reply setting X does not know, an id that is not one, and an unknown option', () => {
    expect(fieldsAndRules({ replySettings: 'mentioned_users' })).toEqual([
      { field: 'options.x.replySettings', rule: 'reply_settings_invalid' },
    ]);
    expect(fieldsAndRules({ quotePostId: 'https://x.com/a/status/1', communityId: 12 })).toEqual([
      { field: 'options.x.quotePostId', rule: 'option_invalid' },
      { field: 'options.x.communityId', rule: 'option_invalid' },
    ]);
    expect(fieldsAndRules({ placement: 'story' })).toEqual([{ field: 'options.x.placement', rule: 'option_unknown' }]);
  });

  it('names the problems under the path given (an account override)', () => {
    expect(xOptionProblems({ replySettings: 'all' }, 'accountOverrides[2].options', text)[0]?.field).toBe(
      'accountOverrides[2].options.replySettings',
    );
  });
});

describe('xTweetFields', () => {
  const x = OpenApiContract.x();

  it("maps the options to CreatePostsRequest's fields, leaving reply_settings out for everyone", () => {
    expect(xTweetFields({ poll, replySettings: 'mentionedUsers', quotePostId: '20', communityId: '30' })).toEqual({
      poll: { options: ['Rye', 'Spelt'], duration_minutes: 60 },
      reply_settings: 'mentionedUsers',
      quote_tweet_id: '20',
      community_id: '30',
    });
    expect(xTweetFields({ replySettings: 'everyone' })).toEqual({});
    expect(xTweetFields({})).toEqual({});
  });

  it('sends bodies the contract accepts, for every reply setting', () => {
    for (const replySettings of ['everyone', 'following', 'mentionedUsers', 'subscribers', 'verified'] as const)
      expect(
        x.checkRequest({
          method: 'POST',
          path: '/2/tweets',
          body: { text: 'hi', ...xTweetFields({ poll, replySettings, communityId: '30' }) },
        }),
      ).toEqual([]);
    expect(
      x.checkRequest({
        method: 'POST',
        path: '/2/tweets',
        body: { text: 'hi', ...xTweetFields({ quotePostId: '20' }) },
      }),
    ).toEqual([]);
  });

  it("refuses together exactly what the overlay's mutual exclusion names (media, poll, quote)", () => {
    const overlay = readContractJson<OpenApiOverlay>('x/overlay.json');
    const rule = overlay.mutuallyExclusive?.find(
      (exclusive) => exclusive.schema === 'CreatePostsRequest' && exclusive.properties.includes('poll'),
    );
    const xName: Record<(typeof X_EXCLUSIVE)[number], string> = {
      media: 'media',
      poll: 'poll',
      quotePostId: 'quote_tweet_id',
    };
    // card_uri is the one property of the rule we never send.
    expect(rule?.properties.filter((name) => name !== 'card_uri')).toEqual(X_EXCLUSIVE.map((name) => xName[name]));
  });

  it("publishes a schema whose bounds are X's own (CreatePostsRequest, CreatePostsPoll), named as our options", () => {
    type Schema = { properties: Record<string, Record<string, unknown>> };
    const schemas = readContractJson<{ components: { schemas: Record<string, Schema> } }>('x/openapi.json').components
      .schemas;
    const request = schemas.CreatePostsRequest!.properties;
    const contractPoll = schemas.CreatePostsPoll!.properties;
    const ours = (X_OPTIONS_SCHEMA as Schema).properties;
    const poll = (ours.poll as Schema).properties;
    expect(X_POST_OPTIONS.schema).toBe(X_OPTIONS_SCHEMA);
    expect(poll.options).toEqual(contractPoll.options && { ...contractPoll.options, description: undefined });
    expect(poll.durationMinutes).toEqual({ ...contractPoll.duration_minutes, description: undefined });
    // everyone is our default, sent as no reply_settings at all (X's enum has no such value).
    expect(ours.replySettings!.enum).toEqual(['everyone', ...(request.reply_settings!.enum as string[])]);
    expect(ours.quotePostId!.pattern).toBe(request.quote_tweet_id!.pattern);
    expect(ours.communityId!.pattern).toBe(request.community_id!.pattern);
    expect(Object.keys(ours)).toEqual(X_POST_OPTIONS.names);
  });
});
