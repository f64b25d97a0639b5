import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/routes';
import buttons from './button.module.css';
import { NoticePanel } from './panel';

type PaywallNoticeProps = {
  /** The server's refusal (reply 1002), as it said it. */
  message: string;
  tone?: 'muted' | 'dashed';
  className?: string;
};

/** Where a list stops at the paywall: why, and the way to the plans. */
export function PaywallNotice({ message, tone, className }: PaywallNoticeProps) {
  const { t } = useTranslation();
  return (
    <NoticePanel
      tone={tone}
      className={className}
      message={message}
      action={
        <Link to={paths.Sub} className={buttons.primary}>
          {t('paywall.subscribe')}
        </Link>
      }
    />
  );
}
