import { EmulatorState } from '../state/emulator-state';
import { Fault, FAULT_KINDS, FaultKind } from '../state/faults';
import { ControlError, objectBody } from './control-error';

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 1_000_000;

/**
 * `{ network, accountId?, fault, count?, resetInSeconds? | resetAt?, delayMs?, subcode?, period? }` →
 * a fault. `resetAt` is Unix seconds, like x-rate-limit-reset; `period` (usage_capped) is Monthly
 * (the default) or Daily.
 */
export function parseFault(state: EmulatorState, input: unknown): Omit<Fault, 'id'> {
  const body = objectBody(input);
  const problems: string[] = [];
  const network = state.registry.find(body.network)?.id;
  if (!network) problems.push(`network: must be ${state.registry.describeIds()}`);
  const kind = body.fault as FaultKind;
  if (!FAULT_KINDS.includes(kind)) problems.push(`fault: must be one of ${FAULT_KINDS.join(', ')}`);
  // Faults some networks' descriptors claim (control.faults) are theirs only.
  const networks = state.registry.networks
    .filter((each) => each.control?.faults?.includes(kind))
    .map((each) => each.id);
  if (network && networks.length && !networks.includes(network))
    problems.push(`fault: ${kind} is for ${networks.join(' and ')} only`);
  if (body.accountId !== undefined && (typeof body.accountId !== 'string' || !body.accountId))
    problems.push('accountId: must be a non-empty string');
  if (body.count !== undefined && !isCount(body.count)) problems.push('count: must be a positive integer');
  if (body.delayMs !== undefined && !(isCount(body.delayMs) && body.delayMs <= 60_000))
    problems.push('delayMs: must be 1 to 60000');
  if (body.resetInSeconds !== undefined && !isCount(body.resetInSeconds))
    problems.push('resetInSeconds: must be a positive integer');
  const isUnixSeconds =
    typeof body.resetAt === 'number' && Number.isInteger(body.resetAt) && body.resetAt > 0 && body.resetAt < 1e11;
  if (body.resetAt !== undefined && !isUnixSeconds) problems.push('resetAt: must be Unix seconds');
  if (body.subcode !== undefined && body.subcode !== 460 && body.subcode !== 467)
    problems.push('subcode: must be 460 or 467');
  if (body.period !== undefined && !(kind === 'usage_capped' && (body.period === 'Monthly' || body.period === 'Daily')))
    problems.push('period: Monthly or Daily, for usage_capped only');
  if (kind === 'slow' && body.delayMs === undefined) problems.push('delayMs: required for slow');
  if (problems.length) throw new ControlError('Invalid fault.', problems);
  const now = state.now();
  return {
    network: network!,
    accountId: body.accountId as string | undefined,
    kind,
    remaining: body.count as number | undefined,
    delayMs: body.delayMs as number | undefined,
    subcode: body.subcode as number | undefined,
    period: kind === 'usage_capped' ? ((body.period as 'Monthly' | 'Daily' | undefined) ?? 'Monthly') : undefined,
    resetAt:
      kind !== 'rate_limited'
        ? undefined
        : body.resetAt !== undefined
          ? (body.resetAt as number) * 1000
          : now + ((body.resetInSeconds as number | undefined) ?? 900) * 1000,
  };
}
