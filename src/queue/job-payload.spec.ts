import { payloadId } from './job-payload';

describe('payloadId', () => {
  it('reads a non-empty string field, and refuses anything else naming the task and the field', () => {
    expect(payloadId('a-task', { deliveryId: 'dlv_1' }, 'deliveryId')).toBe('dlv_1');
    for (const payload of [null, 'dlv_1', {}, { deliveryId: '' }, { deliveryId: 7 }])
      expect(() => payloadId('a-task', payload, 'deliveryId')).toThrow('a-task: the payload has no deliveryId');
  });
});
