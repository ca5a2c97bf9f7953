import { ApiException } from '../../common/errors/api-exception';
import { FormError } from '../dashboard-errors';

/**
 * Runs a form's action; a client mistake (a 4xx ApiException) comes back as an error to show
 * beside the form, anything else propagates to the error page.
 */
export async function attempt<T>(
  action: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: FormError }> {
  try {
    return { ok: true, value: await action() };
  } catch (error) {
    if (error instanceof ApiException && error.status < 500) {
      return {
        ok: false,
        error: {
          status: error.status,
          message: error.message,
          details: (error.details ?? []).map((detail) => detail.message),
        },
      };
    }
    throw error;
  }
}
