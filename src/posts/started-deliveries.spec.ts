import type { Delivery } from './delivery.entity';
import { startedDeliveries } from './started-deliveries';

const delivery = (id: string, status: Delivery['status'], attempts = 0) => ({ id, status, attempts, platform: 'x' });
const lane = (deliveryId: string | null, claimedBy: string | null) => ({ accountId: 'acc_1', claimedBy, deliveryId });

describe('startedDeliveries', () => {
  it('finds none in a draft, a scheduled or a pending post never tried and not claimed', () => {
    expect(
      startedDeliveries(
        [delivery('d1', 'draft'), delivery('d2', 'scheduled'), delivery('d3', 'pending')],
        [lane(null, null), lane('d9', 'w-other')],
      ),
    ).toEqual([]);
  });

  it('names a delivery whose lane a worker holds for it, one tried already, and one in flight or final', () => {
    const started = startedDeliveries(
      [
        delivery('d1', 'pending'),
        delivery('d2', 'pending', 1),
        delivery('d3', 'publishing', 1),
        delivery('d4', 'published', 1),
        delivery('d5', 'canceled'),
      ],
      [lane('d1', 'w-1')],
    );
    expect(started.map((one) => one.deliveryId)).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    expect(started[0]!.why).toContain('claimed by a worker');
    expect(started[1]!.why).toContain('already tried');
    expect(started[3]!.why).toContain('is published');
  });

  it('does not take a lane let go of (no holder) as a claim', () => {
    expect(startedDeliveries([delivery('d1', 'pending')], [lane('d1', null)])).toEqual([]);
  });
});
