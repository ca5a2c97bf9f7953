import { TestClock } from '../common/clock/test-clock';
import type { AppConfig } from '../config/app-config';
import type { Database } from '../database/database';
import type { TaskRegistry } from '../queue/task-registry';
import type { MediaStorage } from './media-storage';
import type { MediaUrlSigner } from './media-url-signer';
import { MediaService } from './media.service';
import type { MediaStore } from './media.store';
import { PurgeUnusedMedia } from './purge-unused-media.task';
import type { CustomersStore } from '../customers/customers.store';

const DAY = 86_400_000;

/**
 * The media rows, in memory. Its statements keep MediaStore's rules: a medium is unused since
 * before a cut-off when its last use (or, never used, its announcement) is earlier; marking it
 * used never moves its last use back.
 */
class MemoryMedia {
  readonly rows = new Map<string, { createdAt: Date; lastUsedAt: Date | null }>();

  announce(id: string, createdAt: Date | string): void {
    this.rows.set(id, { createdAt: new Date(createdAt), lastUsedAt: null });
  }

  private unused(id: string, cutoff: Date): boolean {
    const row = this.rows.get(id);
    return !!row && (row.lastUsedAt ?? row.createdAt).getTime() < cutoff.getTime();
  }

  async unusedSince(cutoff: Date, limit: number): Promise<string[]> {
    return [...this.rows.keys()].filter((id) => this.unused(id, cutoff)).slice(0, limit);
  }

  async deleteIfUnused(id: string, cutoff: Date): Promise<boolean> {
    return this.unused(id, cutoff) && this.rows.delete(id);
  }

  async markUsed(ids: string[], until: Date): Promise<string[]> {
    const marked = ids.filter((id) => this.rows.has(id));
    for (const id of marked) {
      const row = this.rows.get(id)!;
      if (!row.lastUsedAt || row.lastUsedAt < until) row.lastUsedAt = until;
    }
    return marked;
  }
}

/** The purge with the time set by a TestClock, over media in memory and a storage that records deletions. */
function world(retentionDays = 7) {
  const clock = new TestClock('2026-11-01T12:00:00Z');
  const store = new MemoryMedia();
  const storage = { delete: jest.fn().mockResolvedValue(undefined) };
  const config = { media: { retentionDays, quotaBytes: 0 } } as AppConfig;
  const media = new MediaService(
    {} as Database,
    store as unknown as MediaStore,
    storage as unknown as MediaStorage,
    {} as MediaUrlSigner,
    config,
    { lockForUpdate: jest.fn() } as unknown as CustomersStore,
    clock,
  );
  const purge = new PurgeUnusedMedia(
    store as unknown as MediaStore,
    { register: jest.fn() } as unknown as TaskRegistry,
    media,
    config,
    clock,
  );
  return { clock, store, storage, media, purge };
}

describe('PurgeUnusedMedia', () => {
  it('deletes a medium never used once the retention period since its announcement has passed, not before', async () => {
    const { clock, store, storage, purge } = world();
    store.announce('med_1', clock.now());
    clock.advance(7 * DAY);
    expect(await purge.run()).toBe(0);
    expect(store.rows.has('med_1')).toBe(true);
    clock.advance(1);
    expect(await purge.run()).toBe(1);
    expect(store.rows.has('med_1')).toBe(false);
    expect(storage.delete).toHaveBeenCalledWith('med_1');
  });

  it("counts the retention period from a medium's last use, marked at the clock's time", async () => {
    const { clock, store, storage, media, purge } = world();
    store.announce('med_1', clock.now());
    clock.advance(5 * DAY);
    await media.markUsed(['med_1']);
    clock.advance(6 * DAY);
    // 11 days after its announcement, 6 after its use: kept.
    expect(await purge.run()).toBe(0);
    clock.advance(DAY + 1);
    expect(await purge.run()).toBe(1);
    expect(storage.delete).toHaveBeenCalledWith('med_1');
  });

  it("keeps a scheduled post's medium until the retention period after the post's time", async () => {
    const { clock, store, media, purge } = world();
    store.announce('med_1', clock.now());
    const publishAt = new Date(clock.now().getTime() + 30 * DAY);
    await media.markUsed(['med_1'], publishAt);
    // A later use "now" does not shorten it.
    clock.advance(DAY);
    await media.markUsed(['med_1']);
    clock.set(new Date(publishAt.getTime() + 7 * DAY));
    expect(await purge.run()).toBe(0);
    clock.advance(1);
    expect(await purge.run()).toBe(1);
  });

  it('follows MEDIA_RETENTION_DAYS, and leaves media announced within it alone', async () => {
    const { clock, store, purge } = world(2);
    store.announce('med_old', '2026-10-30T11:59:59Z');
    store.announce('med_new', '2026-10-31T00:00:00Z');
    expect(await purge.run()).toBe(1);
    expect([...store.rows.keys()]).toEqual(['med_new']);
    clock.set('2026-11-02T00:00:00.001Z');
    expect(await purge.run()).toBe(1);
    expect(store.rows.size).toBe(0);
  });

  it('goes on past one batch until every unused medium is deleted', async () => {
    const { clock, store, storage, purge } = world();
    for (let index = 0; index < 250; index += 1) store.announce(`med_${index}`, '2026-10-01T00:00:00Z');
    store.announce('med_fresh', clock.now());
    expect(await purge.run()).toBe(250);
    expect([...store.rows.keys()]).toEqual(['med_fresh']);
    expect(storage.delete).toHaveBeenCalledTimes(250);
  });
});
