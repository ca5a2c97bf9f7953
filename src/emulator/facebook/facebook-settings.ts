import { COUNT, POSITIVE, SettingSpecs } from '../state/settings';

declare module '../state/settings' {
  interface EmulatorSettings {
    /** Items per page of /me/accounts when the caller gives no `limit`; small so paging is exercised. */
    facebookPageSize: number;
    /** Status reads a Page video answers `processing` before `ready`. */
    facebookVideoPolls: number;
  }
}

export const FACEBOOK_SETTINGS: SettingSpecs = {
  facebookPageSize: { default: 2, ...POSITIVE },
  facebookVideoPolls: { default: 1, ...COUNT },
};
