/**
 * The `account` CMS block (docs/accounts.md): one kind for the account pages, whose
 * `view` picks the screen. Lazily loaded with the `account` and `forms` catalogs.
 */
import type { AccountBlock as AccountBlockData } from '#shared/content-schema';
import { CardsView } from './cards-view';
import { HubView } from './hub-view';
import { MyDetailsView } from './my-details-view';
import { OrdersView } from './orders-view';
import { LoginView } from './login-view';
import { RegisterView } from './register-view';
import { ConfirmEmailView, ForgotPasswordView, ResetPasswordView } from './token-views';
import './account.css';

const VIEWS = {
  login: LoginView,
  register: RegisterView,
  confirmEmail: ConfirmEmailView,
  forgotPassword: ForgotPasswordView,
  resetPassword: ResetPasswordView,
  hub: HubView,
  myPages: MyDetailsView,
  cards: CardsView,
  orders: OrdersView,
} as const;

export function AccountBlock({ block }: { block: AccountBlockData }) {
  const View = VIEWS[block.view];
  return (
    <div className="account" data-view={block.view}>
      <View />
    </div>
  );
}
