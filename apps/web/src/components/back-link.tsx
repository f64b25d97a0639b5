import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import styles from './back-link.module.css';
import { ArrowLeftIcon } from './icons';

/** A link back to where the page belongs (the list, the plans), led by an arrow. */
export function BackLink({ to, iconSize = 16, children }: { to: To; iconSize?: number; children: ReactNode }) {
  return (
    <Link to={to} className={styles.back}>
      <ArrowLeftIcon size={iconSize} />
      {children}
    </Link>
  );
}
