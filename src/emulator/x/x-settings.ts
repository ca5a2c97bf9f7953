import { BOOLEAN, COUNT, SettingSpecs } from '../state/settings';

declare module '../state/settings' {
  interface EmulatorSettings {
    /** STATUS polls an X video answers pending/in_progress before succeeded. */
    xVideoPolls: number;
    /** X refuses a tweet whose text equals one of the user's recent tweets, as the real one does. */
    xDuplicateDetection: boolean;
  }
}

export const X_SETTINGS: SettingSpecs = {
  xVideoPolls: { default: 2, ...COUNT },
  xDuplicateDetection: { default: true, ...BOOLEAN },
};
