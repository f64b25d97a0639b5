import type { HTMLAttributes, ReactNode } from 'react';
import styles from './panel.module.css';

type PanelProps = HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'section' | 'aside' | 'dl' | 'p';
  /** 'muted': the quiet grey surface; 'plain': the page's surface; 'dashed': an outline only. */
  tone?: 'muted' | 'plain' | 'dashed';
  /** 'stack': children in a column; 'row': children side by side, wrapping; none: the page lays them out. */
  layout?: 'stack' | 'row';
};

/** The card-like box of the account, sign-in and checkout pages. */
export function Panel({ as: Element = 'div', tone = 'muted', layout, className, ...rest }: PanelProps) {
  const classes = [styles.panel, tone !== 'muted' && styles[tone], layout && styles[layout], className].filter(Boolean).join(' ');
  return <Element className={classes} {...rest} />;
}

type NoticePanelProps = {
  message: ReactNode;
  /** The way on: a retry button, a link. */
  action: ReactNode;
  /** Said at once by screen readers (a failure). */
  alert?: boolean;
  tone?: PanelProps['tone'];
  className?: string;
};

/** One sentence and the action that follows from it, side by side in a panel (a failed load and its retry). */
export function NoticePanel({ message, action, alert = false, tone, className }: NoticePanelProps) {
  return (
    <Panel layout="row" tone={tone} role={alert ? 'alert' : undefined} className={className}>
      <p>{message}</p>
      {action}
    </Panel>
  );
}
