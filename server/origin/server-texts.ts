/**
 * The origin's user-facing texts (e-mails, SMS, station page intros, the test payment
 * page) come from the Lingui catalogs `locales/{locale}/server.po`, like the browser's
 * texts, so that translators work in one format and one tool (docs/i18n.md).
 *
 * The origin runs from source under tsx without Vite, so the catalogs are parsed with
 * Lingui's own .po formatter and compiled with its ICU message compiler here, once per
 * locale on first use; each locale gets one i18n instance.
 *
 * Callers name their ids as string literals marked with an i18n comment
 * (the comment is shown on the ids of account-emails.ts), which is what
 * `npx lingui extract` looks for: the ids stay in server.po and are never marked
 * obsolete.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Locale } from '#shared/locales';

/**
 * Where the server catalogs live; lingui.config.ts lists the same path. The server's build
 * (dist/node/, scripts/build-server.ts) sits two folders deep too, and checks that it does.
 */
function serverCatalogPath(locale: Locale): string {
  return join(import.meta.dirname, '../../locales', locale, 'server.po');
}

/** The compiled messages of a server catalog, by id (obsolete entries left out). */
export function loadServerCatalog(locale: Locale): Messages {
  // The formatter type allows an async parse; format-po's is synchronous.
  const catalog = formatter().parse(readFileSync(serverCatalogPath(locale), 'utf8'), {
    locale,
    sourceLocale: 'en-EU',
    filename: serverCatalogPath(locale),
  }) as Awaited<ReturnType<ReturnType<typeof formatter>['parse']>>;
  const messages: Messages = {};
  for (const [id, entry] of Object.entries(catalog)) {
    if (entry.obsolete || !entry.translation) continue;
    messages[id] = compileMessageOrThrow(entry.translation);
  }
  return messages;
}

const instances = new Map<Locale, I18n>();

function i18nOf(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({
      locale,
      messages: { [locale]: loadServerCatalog(locale) },
      // A customer must never receive a bare id: a missing text is a bug that fails
      // loudly (tests/unit server-texts test checks every id in every catalog).
      missing: (missingLocale, id) => {
        throw new Error(`No server text "${id}" in locales/${missingLocale}/server.po`);
      },
    });
    instances.set(locale, i18n);
  }
  return i18n;
}

/**
 * A server text in a locale with its ICU placeholders filled in. Values are plain text:
 * a caller that puts the result into HTML escapes the whole result (numbers are passed
 * as strings so that Lingui does not reformat order numbers with grouping).
 */
export function serverText(locale: Locale, id: string, values?: Record<string, string>): string {
  return i18nOf(locale)._(id, values);
}
