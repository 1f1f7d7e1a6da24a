/** Pieces shared by the account views. */
import { FALLBACK_ERROR_MESSAGE_ID } from '@/ui/notifications-store';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { ACCOUNT_PATHS } from '#shared/account-paths';
import type { FieldMessage } from '@/ui/form/use-form-fields';
import { ensureSessionChecked, sessionCheck } from '../session/session-actions';
import { session } from '@/ui/session-store';
import { ApiError } from '../api/account-api';

/**
 * The hint of a new password ("At least 10 characters."), left out while the field's error
 * is the length rule itself: the error says the same, and saying it twice is noise.
 */
export function usePasswordHint(): (error: FieldMessage | undefined) => string | undefined {
  const { i18n } = useLingui();
  return (error) => (error?.id === 'validation.minLength' ? undefined : i18n._('account.password-hint'));
}

/** The message id for a failed request: offline, too many attempts, a session that ended, or a general failure. */
export function requestErrorId(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return /*i18n*/ 'account.errors.too-many';
    // The session expired or was ended elsewhere (a password change on another device)
    // while the page was open: say so, not "something went wrong" (login maps its own 401).
    if (error.status === 401 && error.is('UNAUTHORIZED')) return /*i18n*/ 'account.errors.session-ended';
    if (error.status === 403 && error.is('FORBIDDEN')) return FALLBACK_ERROR_MESSAGE_ID;
  }
  if (typeof navigator !== 'undefined' && !navigator.onLine) return /*i18n*/ 'account.errors.offline';
  return FALLBACK_ERROR_MESSAGE_ID;
}

/**
 * A 429 in plain words: how many minutes to wait (rounded up, from `retry-after`), and for
 * the per-account lock that the owner has been mailed a link to log in at once.
 */
export function tooManyFailure(error: ApiError): FieldMessage {
  if (error.retryAfterSeconds === null) return { id: /*i18n*/ 'account.errors.too-many' };
  const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
  return {
    id:
      error.reason === 'account-locked'
        ? /*i18n*/ 'account.errors.login-locked'
        : /*i18n*/ 'account.errors.too-many-wait',
    values: { minutes },
  };
}

/**
 * For pages that need a session: waits for the auth check, then sends a guest to the
 * login page with a way back (?returnTo= this page). Returns true once logged in.
 */
export function useRequireSession(): boolean {
  const { locale } = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  const snapshot = useSnapshot(session);
  const check = useSnapshot(sessionCheck);
  const [waited, setWaited] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void ensureSessionChecked(locale).then(() => {
      if (!cancelled) setWaited(true);
    });
    return () => {
      cancelled = true;
    };
  }, [locale]);

  const checked = waited && check.done;
  // The page this view was opened on: the router may already show the next address
  // while this view is still on screen, and a guest is sent away once only.
  const openedAt = useRef(`${location.pathname}${location.search}`);
  const sent = useRef(false);
  useEffect(() => {
    if (!checked || snapshot.loggedIn || sent.current) return;
    sent.current = true;
    void navigate(`${ACCOUNT_PATHS.login[locale]}?returnTo=${encodeURIComponent(openedAt.current)}`, { replace: true });
  }, [checked, snapshot.loggedIn, locale, navigate]);

  return checked && snapshot.loggedIn;
}

export function Loading() {
  const { i18n } = useLingui();
  return (
    <p className="account__loading" role="status">
      {i18n._('account.loading')}
    </p>
  );
}
