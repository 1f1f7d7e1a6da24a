import { useLingui } from '@lingui/react';
import { useCallback } from 'react';

/** Translates an explicit message id from locales/{locale}/messages.po. */
export function useT(): (id: string, values?: Record<string, unknown>) => string {
  const { i18n } = useLingui();
  return useCallback((id: string, values?: Record<string, unknown>) => i18n._(id, values), [i18n]);
}
