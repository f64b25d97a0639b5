import { ADMIN_PAGE_SIZE, ADMIN_VIP_MAX_MONTHS, ReasonSchema, type AdminMember } from '@shotlib/contract/admin';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { Field } from '../../components/field';
import { StatePanel } from '../../components/state-panel';
import { pathTo } from '../../lib/routes';
import { toast } from '../../lib/toast';
import { useChangeAdminRole } from './api/change-role';
import { useChangeAdminVip } from './api/change-vip';
import { useAdminMembers } from './api/search-members';
import { formatInstant, Loading, Pager, SelectField, TextAreaField, useLanguageTag } from './controls';
import styles from './admin.module.css';

/** Route /admin/members: the newest members, or those found by e-mail; grant, extend or revoke a membership, change the role. */
export default function MembersPage() {
  const { t } = useTranslation('admin');
  const tag = useLanguageTag();
  const [term, setTerm] = useState('');
  const [email, setEmail] = useState('');
  const [page, setPage] = useState(1);
  const [managing, setManaging] = useState<number | null>(null);
  const members = useAdminMembers(email, page);
  const current = members.data?.arr.find((member) => member.id === managing);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setEmail(term.trim());
    setPage(1);
    setManaging(null);
  };

  const columns: Column<AdminMember>[] = [
    { key: 'email', header: t('members.email'), rowHeader: true, cell: (member) => member.email },
    { key: 'nickname', header: t('members.nickname'), cell: (member) => member.nickname },
    { key: 'role', header: t('members.role'), cell: (member) => t(`members.roles.${member.role}`) },
    {
      key: 'vip',
      header: t('members.membership'),
      cell: (member) =>
        member.vip ? (
          <span className={styles.badgeOn}>{t('members.vipUntil', { date: formatInstant(member.vipExpiresAt, tag) })}</span>
        ) : member.vipExpiresAt ? (
          t('members.ended', { date: formatInstant(member.vipExpiresAt, tag) })
        ) : (
          t('members.never')
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (member) => (
        <button type="button" className={styles.small} aria-label={t('members.manageNamed', { email: member.email })} onClick={() => setManaging(member.id)}>
          {t('members.manage')}
        </button>
      ),
    },
  ];

  return (
    <section className={styles.content} aria-labelledby="admin-members-title">
      <h1 id="admin-members-title" className={styles.title}>
        {t('members.title')}
      </h1>
      <form className={styles.filters} role="search" onSubmit={onSearch}>
        <Field label={t('members.search')} type="search" value={term} onChange={(event) => setTerm(event.target.value)} />
        <button type="submit" className={styles.secondary}>
          {t('common.search')}
        </button>
      </form>
      <p className={styles.note}>{email === '' ? t('members.newestFirst') : t('members.searchHint')}</p>
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <StatePanel title={t('common.loadFailed')} onRetry={() => void members.refetch()} />
      ) : members.data.arr.length === 0 ? (
        <StatePanel title={t('members.empty')} />
      ) : (
        <>
          <DataTable caption={t('members.caption')} columns={columns} rows={members.data.arr} rowKey={(member) => member.id} className={styles.table} />
          <Pager page={page} total={members.data.total} pageSize={ADMIN_PAGE_SIZE} onPage={setPage} label={t('members.paging')} />
        </>
      )}
      {current && <ManageMember key={current.id} member={current} onClose={() => setManaging(null)} />}
    </section>
  );
}

/** The two changes an admin makes to a member, each with its reason. */
function ManageMember({ member, onClose }: { member: AdminMember; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.manage} aria-labelledby="admin-manage-title">
      <div className={styles.head}>
        <h2 id="admin-manage-title" ref={heading} tabIndex={-1} className={styles.subtitle}>
          {t('members.manageTitle', { email: member.email })}
        </h2>
        <button type="button" className={styles.small} onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <div className={styles.twoForms}>
        <VipForm member={member} />
        {member.role === 'reviewer' ? <ReviewerRole /> : <RoleForm member={member} />}
      </div>
    </section>
  );
}

function VipForm({ member }: { member: AdminMember }) {
  const { t } = useTranslation('admin');
  const change = useChangeAdminVip();
  const [action, setAction] = useState<'grant' | 'extend' | 'revoke'>(member.vip ? 'extend' : 'grant');
  const [months, setMonths] = useState('1');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ months?: boolean; reason?: boolean }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const monthCount = Number(months);
    const next = {
      months: action !== 'revoke' && !(Number.isInteger(monthCount) && monthCount >= 1 && monthCount <= ADMIN_VIP_MAX_MONTHS),
      reason: !ReasonSchema.safeParse(reason).success,
    };
    setErrors(next);
    if (next.months || next.reason) return;
    change.mutate(
      { id: member.id, change: action === 'revoke' ? { action, reason: reason.trim() } : { action, months: monthCount, reason: reason.trim() } },
      {
        onSuccess: () => {
          toast.success(t(`members.vipDone.${action}`));
          setReason('');
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="admin-vip-title">
      <h3 id="admin-vip-title" className={styles.label}>
        {t('members.vipTitle')}
      </h3>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('members.vipAction')}</legend>
        <div className={styles.choices}>
          {(['grant', 'extend', 'revoke'] as const).map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="vip-action" value={value} checked={action === value} onChange={() => setAction(value)} />
              {t(`members.vipActions.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {action !== 'revoke' && (
        <Field
          label={t('members.months')}
          type="number"
          min={1}
          max={ADMIN_VIP_MAX_MONTHS}
          value={months}
          onChange={(event) => setMonths(event.target.value)}
          error={errors.months ? t('members.monthsError', { max: ADMIN_VIP_MAX_MONTHS }) : undefined}
        />
      )}
      <TextAreaField label={t('members.reason')} value={reason} onChange={(event) => setReason(event.target.value)} error={errors.reason ? t('members.reasonError') : undefined} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={change.isPending}>
          {t(`members.vipActions.${action}`)}
        </button>
      </div>
    </form>
  );
}

/** A reviewer's role is given and taken in Reviewers, with their profile (decision 046). */
function ReviewerRole() {
  const { t } = useTranslation('admin');
  return (
    <div className={styles.form}>
      <h3 className={styles.label}>{t('members.roleTitle')}</h3>
      <p className={styles.note}>
        {t('members.reviewerRole')} <Link to={pathTo('AdminReviewers')}>{t('nav.reviewers')}</Link>
      </p>
    </div>
  );
}

function RoleForm({ member }: { member: AdminMember }) {
  const { t } = useTranslation('admin');
  const change = useChangeAdminRole();
  const [role, setRole] = useState<'member' | 'admin'>(member.role === 'admin' ? 'member' : 'admin');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = !ReasonSchema.safeParse(reason).success;
    setReasonError(invalid);
    if (invalid) return;
    change.mutate(
      { id: member.id, change: { role, reason: reason.trim() } },
      {
        onSuccess: () => {
          toast.success(t('members.roleDone'));
          setReason('');
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="admin-role-title">
      <h3 id="admin-role-title" className={styles.label}>
        {t('members.roleTitle')}
      </h3>
      <SelectField label={t('members.newRole')} value={role} onChange={(event) => setRole(event.target.value as 'member' | 'admin')}>
        <option value="member">{t('members.roles.member')}</option>
        <option value="admin">{t('members.roles.admin')}</option>
      </SelectField>
      <TextAreaField label={t('members.reason')} value={reason} onChange={(event) => setReason(event.target.value)} error={reasonError ? t('members.reasonError') : undefined} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={change.isPending || role === member.role}>
          {t('members.changeRole')}
        </button>
      </div>
    </form>
  );
}
