import type { ConnectedAccount } from '../accounts';
import { CONTENT_WARNINGS, NO_POST_OPTIONS } from '../networks';
import type { NetworkAdapter, NetworkPostOptions, PostPart } from '../networks';
import { CreatePostBody } from './dto/create-post.body';
import { mediaLimitProblems } from './media-limit-problems';
import { PostProblem } from './post-problem';
import { StoredContainer } from './post.entity';
import { resolveDelivery, StoredPostVariants, StoredVariant } from './post-variants';

/** What the review found of a post's `options` and `accountOverrides`. */
export interface VariantReview {
  variants: StoredPostVariants;
  /** Of the request as a whole: an option for a network none of its accounts is on, an override for an account not in it. */
  postProblems: PostProblem[];
  /** Each network's problems (its containers, as resolved, and its options), by network id. */
  networkProblems: Map<string, PostProblem[]>;
  /** Each overridden account's own problems (its containers and options), by account id. */
  accountProblems: Map<string, PostProblem[]>;
  /** What the networks will publish otherwise than asked, never a refusal (CONTENT_WARNINGS): alt text they cannot take. */
  warnings: PostProblem[];
}

export const partsOf = (containers: readonly StoredContainer[]): PostPart[] =>
  containers.map((container) => ({ text: container.content, media: container.media }));

/** A plain object of the given values only (class-transformer's instances may carry undefined ones). */
function definedEntries(value: object | undefined, omit: string): NetworkPostOptions | undefined {
  if (!value) return undefined;
  const entries = Object.entries(value).filter(([key, item]) => key !== omit && item !== undefined);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** Problems a network's rules named under `containers` moved to where the list is in the body. */
export function relocated(problems: PostProblem[], path: string): PostProblem[] {
  if (path === 'containers') return problems;
  const move = (text: string) => text.replace(/(^|[^.\w])containers\[/g, `$1${path}[`);
  return problems.map((problem) => ({ ...problem, field: move(problem.field), message: move(problem.message) }));
}

function containerProblems(
  adapter: NetworkAdapter,
  containers: StoredContainer[],
  path: string,
  options: NetworkPostOptions,
): PostProblem[] {
  return relocated(
    [
      ...adapter.validate(partsOf(containers), options),
      ...mediaLimitProblems(adapter.mediaLimits, containers, options.placement),
    ],
    path,
  );
}

/** Moves the warnings out of `problems` (which keeps the refusals) into `warnings`, each named once. */
function takeWarnings(problems: PostProblem[], warnings: PostProblem[]): PostProblem[] {
  for (const problem of problems)
    if (CONTENT_WARNINGS.has(problem.rule as never) && !warnings.some((known) => sameProblem(known, problem)))
      warnings.push(problem);
  return problems.filter((problem) => !CONTENT_WARNINGS.has(problem.rule as never));
}

/**
 * Where the containers one account publishes are in the body: its override's, else its network's,
 * else the post's (as resolveDelivery picks them).
 */
export function accountContainersPath(
  body: CreatePostBody,
  resolved: ReadonlyMap<string, unknown>,
  accountId: string,
  platform: string,
): string {
  const index = (body.accountOverrides ?? []).findIndex((override) => override.account === accountId);
  if (index >= 0 && resolved.has(`accountOverrides[${index}].containers`))
    return `accountOverrides[${index}].containers`;
  return containersPathOf(resolved, platform);
}

/** Where the containers a network's accounts publish are in the body: the network's own, or the post's. */
const containersPathOf = (resolved: ReadonlyMap<string, unknown>, network: string) =>
  resolved.has(`options.${network}.containers`) ? `options.${network}.containers` : 'containers';

const sameProblem = (a: PostProblem, b: PostProblem) => a.field === b.field && a.rule === b.rule;

/**
 * Checks the post's variants against its accounts' networks and builds what is stored of them.
 * `resolved` holds every container list of the body by path (ContainerResolver), `accounts` the
 * post's accounts as found (undefined: not this customer's, already a problem of its own).
 */
export function reviewVariants(
  body: CreatePostBody,
  resolved: ReadonlyMap<string, StoredContainer[]>,
  accounts: ReadonlyArray<ConnectedAccount | undefined>,
  adapterOf: (platform: string) => NetworkAdapter,
): VariantReview {
  const postProblems: PostProblem[] = [];
  const variants: StoredPostVariants = {};
  const networkOptions = new Map<string, NetworkPostOptions>();
  for (const [network, given] of Object.entries(body.options ?? {})) {
    if (!given) continue;
    const variant: StoredVariant = {};
    const containers = resolved.get(`options.${network}.containers`);
    if (containers) variant.containers = containers;
    const options = definedEntries(given, 'containers');
    if (options) {
      variant.options = options;
      networkOptions.set(network, options);
    }
    (variants.networks ??= {})[network] = variant;
    const platforms = accounts.map((account) => account?.platform);
    if (platforms.every((platform) => platform !== undefined) && !platforms.includes(network))
      postProblems.push({
        field: `options.${network}`,
        rule: 'option_network_absent',
        message: `options.${network}: none of the post's accounts is on ${network}`,
      });
  }
  const overridden = new Map<string, number>();
  for (const [index, override] of (body.accountOverrides ?? []).entries()) {
    const field = `accountOverrides[${index}].account`;
    if (!body.accounts.includes(override.account))
      postProblems.push({
        field,
        rule: 'override_account_unknown',
        message: `${field}: ${override.account} is not one of the post's accounts`,
      });
    else if (overridden.has(override.account))
      postProblems.push({
        field,
        rule: 'override_account_repeated',
        message: `${field}: ${override.account} is overridden already, by accountOverrides[${overridden.get(override.account)}]`,
      });
    else {
      overridden.set(override.account, index);
      const variant: StoredVariant = {};
      const containers = resolved.get(`accountOverrides[${index}].containers`);
      if (containers) variant.containers = containers;
      const options = definedEntries(override.options, '');
      if (options) variant.options = options;
      (variants.accounts ??= {})[override.account] = variant;
    }
  }

  const post = { containers: resolved.get('containers') ?? [], variants };
  const networkProblems = new Map<string, PostProblem[]>();
  const warnings: PostProblem[] = [];
  for (const account of accounts) {
    if (!account || networkProblems.has(account.platform)) continue;
    const adapter = adapterOf(account.platform);
    const own = resolved.has(`options.${account.platform}.containers`);
    const containers = own ? resolved.get(`options.${account.platform}.containers`)! : post.containers;
    const options = networkOptions.get(account.platform);
    const at = own ? `options.${account.platform}.containers` : 'containers';
    networkProblems.set(
      account.platform,
      takeWarnings(
        [
          ...containerProblems(adapter, containers, at, options ?? {}),
          ...(options
            ? (adapter.postOptions ?? NO_POST_OPTIONS).check(
                options,
                `options.${account.platform}`,
                partsOf(containers),
              )
            : []),
        ],
        warnings,
      ),
    );
  }

  const accountProblems = new Map<string, PostProblem[]>();
  for (const account of accounts) {
    const index = account ? overridden.get(account.id) : undefined;
    if (!account || index === undefined) continue;
    const at = `accountOverrides[${index}]`;
    const override = variants.accounts![account.id]!;
    const adapter = adapterOf(account.platform);
    const { containers, options } = resolveDelivery(post, account.id, account.platform);
    // Its containers are checked with its options; so are the network's containers when only its options differ.
    const problems =
      override.containers || override.options
        ? containerProblems(
            adapter,
            containers,
            override.containers ? `${at}.containers` : containersPathOf(resolved, account.platform),
            options,
          )
        : [];
    if (Object.keys(options).length) {
      const own = new Set(Object.keys(override.options ?? {}));
      // Each problem named where its option was given: the override's, or the network's.
      const checked = (adapter.postOptions ?? NO_POST_OPTIONS).check(options, `${at}.options`, partsOf(containers));
      const network = networkProblems.get(account.platform) ?? [];
      for (const problem of checked) {
        const key = problem.field.slice(`${at}.options.`.length).split(/[.[]/)[0]!;
        const moved = own.has(key) ? problem : relocatedOption(problem, `${at}.options`, `options.${account.platform}`);
        if (!network.some((known) => sameProblem(known, moved))) problems.push(moved);
      }
    }
    const ofNetwork = networkProblems.get(account.platform) ?? [];
    const own = takeWarnings(problems, warnings).filter(
      (problem) => !ofNetwork.some((known) => sameProblem(known, problem)),
    );
    if (own.length) accountProblems.set(account.id, own);
  }
  requiredOptionProblems(post, accounts, adapterOf, overridden, networkProblems, accountProblems);
  return { variants, postProblems, networkProblems, accountProblems, warnings };
}

/**
 * The options a network needs on every delivery (PostOptionsRules.required), looked up in each
 * account's options as resolved: missing for an account without an override, it is the network's
 * problem (`options.<network>.<name>`); with an override, the account's (`accountOverrides[i].options.<name>`).
 */
function requiredOptionProblems(
  post: { containers: StoredContainer[]; variants: StoredPostVariants },
  accounts: ReadonlyArray<ConnectedAccount | undefined>,
  adapterOf: (platform: string) => NetworkAdapter,
  overridden: ReadonlyMap<string, number>,
  networkProblems: Map<string, PostProblem[]>,
  accountProblems: Map<string, PostProblem[]>,
): void {
  for (const account of accounts) {
    if (!account) continue;
    const rules = adapterOf(account.platform).postOptions;
    const required = rules?.required ?? [];
    const { options } = resolveDelivery(post, account.id, account.platform);
    const index = overridden.get(account.id);
    for (const name of required.filter((option) => options[option] === undefined)) {
      const field =
        index === undefined ? `options.${account.platform}.${name}` : `accountOverrides[${index}].options.${name}`;
      const problem: PostProblem = {
        field,
        rule: 'option_required',
        message: `${field} is required: ${rules?.requiredBecause?.[name] ?? `${account.platform} needs it on every post`}`,
      };
      const into = index === undefined ? networkProblems : accountProblems;
      const key = index === undefined ? account.platform : account.id;
      const list = into.get(key) ?? [];
      if (!list.some((known) => sameProblem(known, problem))) into.set(key, [...list, problem]);
    }
  }
}

function relocatedOption(problem: PostProblem, from: string, to: string): PostProblem {
  const move = (text: string) => text.split(from).join(to);
  return { ...problem, field: move(problem.field), message: move(problem.message) };
}
