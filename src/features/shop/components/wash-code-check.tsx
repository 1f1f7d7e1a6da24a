/** The washCodeCheck block: is a wash code valid, used or unknown (spec §5 verification code, applied by the origin). */
import { useId, useState, type FormEvent } from 'react';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import { InlineForm } from '@/ui/form/inline-form';
import type { KnownBlockOf } from '#shared/content-schema';
import type { WashCodeStatus } from '#shared/shop/api-schema';
import { useOnlineStatus } from '@/ui/use-online-status';
import { ApiError, shopApi } from '../api/shop-api';
import './cart.css';
import { SHOP_WASH_CODE_IDS } from '../message-ids';

type CheckState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; result: WashCodeStatus }
  | { state: 'failed' }
  /** The site's per-address limit on checks (docs/shop.md "Wash code check"). */
  | { state: 'tooMany' };

export function WashCodeCheckBlock({ block }: { block: KnownBlockOf<'washCodeCheck'> }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const online = useOnlineStatus();
  const inputId = useId();
  const [code, setCode] = useState('');
  const [check, setCheck] = useState<CheckState>({ state: 'idle' });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.trim() === '') return;
    setCheck({ state: 'checking' });
    try {
      // Sent as typed: the origin applies the spec §5 rule once and answers the normalised
      // code, which is what the result shows (shared/shop/verification-code.ts).
      setCheck({ state: 'done', result: await shopApi.checkWashCode(code.trim(), locale) });
    } catch (error) {
      setCheck({ state: error instanceof ApiError && error.status === 429 ? 'tooMany' : 'failed' });
    }
  }

  return (
    <section className="wash-code-check">
      <h2>{block.title ?? i18n._('shop.washCode.title')}</h2>
      <InlineForm
        label={i18n._('shop.washCode.label')}
        submit={i18n._('shop.washCode.check')}
        primary
        submitDisabled={!online || check.state === 'checking'}
        onSubmit={(event) => void onSubmit(event)}
        input={{
          id: inputId,
          value: code,
          onChange: (event) => setCode(event.target.value),
          maxLength: 60,
          autoComplete: 'off',
          inputMode: 'text',
          'aria-describedby': `${inputId}-hint`,
        }}
      >
        <p id={`${inputId}-hint`} className="shop-muted">
          {online ? i18n._('shop.washCode.hint') : i18n._('shop.offline.needsNetwork')}
        </p>
      </InlineForm>
      <p role="status" className="wash-code-check__result">
        {check.state === 'checking'
          ? i18n._('shop.washCode.checking')
          : check.state === 'failed'
            ? i18n._('shop.washCode.failed')
            : check.state === 'tooMany'
              ? i18n._('shop.washCode.tooMany')
              : check.state === 'done'
                ? i18n._(SHOP_WASH_CODE_IDS[check.result.status] ?? `shop.washCode.${check.result.status}`, {
                    code: check.result.code,
                  })
                : ''}
      </p>
    </section>
  );
}
