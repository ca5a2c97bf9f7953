import { PermissionNeeds } from '../account-permissions';
import { linkedInApiRules } from '../../contracts';

const perCall = linkedInApiRules().scopes.perCall;
/** A member's call or an organization's: LinkedIn asks the member's scope, or the organization's. */
const either = (call: string): readonly (readonly string[])[] => [
  perCall[`${call} member`] ?? [],
  perCall[`${call} organization`] ?? [],
];

/**
 * What each feature needs (contracts/linkedin/api-rules.json `scopes.perCall`), as alternatives:
 * the member's scope for a member's post, the organization's for an organization's (LinkedIn
 * checks the role at each call). Comments are read with r_organization_social (an organization) or
 * the restricted r_member_social (a member); metrics with rw_organization_admin (share statistics)
 * or r_member_postAnalytics.
 */
export const LINKEDIN_PERMISSION_NEEDS: PermissionNeeds = {
  publish: either('POST /rest/posts'),
  read_comments: either('GET /rest/socialActions/comments'),
  answer_comments: either('POST /rest/socialActions/comments'),
  metrics: [
    perCall['GET /rest/organizationalEntityShareStatistics'] ?? [],
    perCall['GET /rest/memberCreatorPostAnalytics'] ?? [],
  ],
  unpublish: either('DELETE /rest/posts'),
};
