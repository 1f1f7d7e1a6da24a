/**
 * Without JavaScript (or before hydration) the account forms are plain forms that the
 * browser submits to their own page, as they did before the forms moved to actions: the submit action runs from
 * onSubmit, never as <form action={fn}>, which React would render as
 * action="javascript:throw …" and which would make the form do nothing at all.
 */
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteContext } from '@/ui/site-context';
import { i18nFor, TEST_USER } from './account-test-support';
import { DetailsForm } from './details-form';
import { LoginView } from './login-view';
import { PasswordForm } from './password-form';
import { RegisterView } from './register-view';
import { ConfirmEmailView, ForgotPasswordView, ResetPasswordView } from './token-views';

const FORMS: Array<[string, ReactNode, string]> = [
  ['login', <LoginView key="login" />, '/account/login'],
  ['register', <RegisterView key="register" />, '/account/register'],
  ['confirm e-mail', <ConfirmEmailView key="confirm" />, '/account/confirm'],
  ['forgot password', <ForgotPasswordView key="forgot" />, '/account/forgot'],
  ['reset password', <ResetPasswordView key="reset" />, `/account/reset?token=${'a'.repeat(43)}`],
  ['password change', <PasswordForm key="password" />, '/account/details'],
  ['my details', <DetailsForm key="details" user={TEST_USER} onDone={() => {}} />, '/account/details'],
];

describe('account forms rendered on the server', () => {
  it.each(FORMS)('%s posts to no action, and says without JavaScript that it needs it', async (_name, view, path) => {
    const html = renderToString(
      <I18nProvider i18n={await i18nFor('en-EU')}>
        <SiteContext.Provider value={{ locale: 'en-EU', basename: '' }}>
          <MemoryRouter initialEntries={[path]}>{view}</MemoryRouter>
        </SiteContext.Provider>
      </I18nProvider>,
    );
    expect(html).toMatch(/<form [^>]*class="form account-form"/);
    expect(html).not.toContain('action=');
    // POST, so that without JavaScript a password never goes into the address or a server log.
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toMatch(/<noscript><p class="form-message">This form needs JavaScript/);
  });
});
