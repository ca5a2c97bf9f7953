import { FastifyInstance } from 'fastify';
import { emulatorApp, xTokens } from '../emulator.testing';
import { ServingEmulatorState } from '../registry/emulated-network';

const API = '/emulator/x/api';

/**
 * An edit (`POST /2/tweets` with `edit_options.previous_post_id`) as X's rules state them
 * (contracts/x/edit-rules.json): a new version with a new id in the post's edit chain; refused
 * without a subscription, past 30 minutes, after 5 edits, and for an unknown option.
 */
describe('emulated X edits', () => {
  let app: FastifyInstance;
  let state: ServingEmulatorState;
  let bearer: string;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    bearer = `Bearer ${(await xTokens(app)).access_token}`;
    for (const user of state.listUsers()) if (user.x) user.x.subscriptionType = 'Premium';
  });
  afterEach(() => app.close());

  const post = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `${API}/2/tweets`, headers: { authorization: bearer }, payload });
  const tweet = async (text: string): Promise<string> => (await post({ text })).json().data.id;

  it('makes a new version with a new id; the chain is on every version, oldest first', async () => {
    const first = await tweet('Baked at dawn');
    const edit = await post({ text: 'Baked at dawn, sold by noon', edit_options: { previous_post_id: first } });
    expect(edit.statusCode).toBe(201);
    const { id, edit_history_post_ids } = edit.json().data;
    expect(id).not.toBe(first);
    expect(edit_history_post_ids).toEqual([first, id]);
    const lookup = await app.inject({ url: `${API}/2/tweets/${first}`, headers: { authorization: bearer } });
    expect(lookup.json().data.edit_history_post_ids).toEqual([first, id]);
    // Only the newest version can be edited.
    expect((await post({ text: 'again', edit_options: { previous_post_id: first } })).statusCode).toBe(403);
  });

  it('refuses an account without a subscription', async () => {
    const first = await tweet('Rye');
    for (const user of state.listUsers()) if (user.x) user.x.subscriptionType = 'None';
    const edit = await post({ text: 'Rye and spelt', edit_options: { previous_post_id: first } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ title: 'Forbidden', detail: expect.stringContaining('subscription') });
  });

  it("refuses past X's 30 minutes and after 5 edits", async () => {
    const old = await tweet('Spelt');
    state.published.find('x', old)!.publishedAt = new Date(state.now() - 31 * 60_000).toISOString();
    expect((await post({ text: 'Spelt!', edit_options: { previous_post_id: old } })).statusCode).toBe(403);

    let id = await tweet('Wheat');
    for (let edit = 1; edit <= 5; edit++) {
      const answer = await post({ text: `Wheat ${edit}`, edit_options: { previous_post_id: id } });
      expect(answer.statusCode).toBe(201);
      id = answer.json().data.id;
    }
    const sixth = await post({ text: 'Wheat 6', edit_options: { previous_post_id: id } });
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().detail).toContain('5 times');
  });

  it('refuses an unknown property of edit_options, and media with an edit', async () => {
    const first = await tweet('Oats');
    const unknown = await post({ text: 'Oats!', edit_options: { previous_post_id: first, reason: 'typo' } });
    expect(unknown.statusCode).toBe(400);
    const withMedia = await post({
      text: 'Oats!',
      edit_options: { previous_post_id: first },
      media: { media_ids: ['1'] },
    });
    expect(withMedia.statusCode).toBe(400);
  });
});
