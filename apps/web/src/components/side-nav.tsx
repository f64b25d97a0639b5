import { NavLink } from 'react-router';
import styles from './side-nav.module.css';

export type SideNavSection = { to: string; label: string; /** Active only on this exact path (an area's home). */ end?: boolean };

type SideNavProps = { label: string; title?: string; sections: readonly SideNavSection[] };

/**
 * An area's sections beside its content (the account, the admin console): a navigation landmark,
 * the current section marked (aria-current, from NavLink). Sticky beside the content; across the
 * top, scrolling sideways, once the area's columns become one (860 px).
 */
export function SideNav({ label, title, sections }: SideNavProps) {
  return (
    <nav className={styles.side} aria-label={label}>
      {title && <p className={styles.title}>{title}</p>}
      <ul role="list" className={styles.menu}>
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
