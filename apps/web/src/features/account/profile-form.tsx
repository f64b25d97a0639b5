import { AVATAR_MAX_BYTES, NicknameSchema, PasswordSchema, type MemberInfo, type UpdateMember } from '@shotlib/contract';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import defaultAvatar from '../../assets/default-avatar.svg';
import buttons from '../../components/button.module.css';
import { Field, ReadonlyField } from '../../components/field';
import { validationKey } from '../../lib/form-validation';
import { useMediaUrl } from '../../lib/public-config';
import { isReplyError, translatedReplyMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useUpdateMember } from './api/update-member';
import { useUploadAvatar } from './api/upload-avatar';
import styles from './account.module.css';

/**
 * The profile (docs/product-spec.md §2 'Account area'): change the avatar (image files only), edit the nickname
 * (3–20 characters), set or change the password; 'Update profile' saves, a Success toast confirms.
 */
export function ProfileForm({ info }: { info: MemberInfo }) {
  const { t } = useTranslation();
  const media = useMediaUrl();
  const [avatar, setAvatar] = useState(info.avatar);
  const [nickname, setNickname] = useState(info.nickname);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [tried, setTried] = useState(false);
  const [currentMissing, setCurrentMissing] = useState(false);
  const upload = useUploadAvatar();
  const save = useUpdateMember();
  const fileRef = useRef<HTMLInputElement>(null);
  const nicknameRef = useRef<HTMLInputElement>(null);
  const newPasswordRef = useRef<HTMLInputElement>(null);
  const currentRef = useRef<HTMLInputElement>(null);
  const avatarHintId = useId();

  // Signed in with an e-mailed code a few minutes ago (a forgotten password): no current password asked.
  const resetting = info.passwordResetUntil !== null && Date.parse(info.passwordResetUntil) > Date.now();
  const askCurrent = info.hasPassword && !resetting;

  const nicknameError = validationKey(NicknameSchema, nickname, 'nicknameLength');
  const passwordError = newPassword ? validationKey(PasswordSchema, newPassword, 'passwordShort') : null;
  const showNickname = tried && nicknameError;
  const showPassword = tried && passwordError;
  const showCurrent = tried && currentMissing;

  const fail = (error: unknown) => {
    if (isReplyError(error)) toast.error(translatedReplyMessage(error));
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    if (!file.type.startsWith('image/')) return void toast.error(t('account.home.avatarNotImage'));
    if (file.size > AVATAR_MAX_BYTES) return void toast.error(t('account.home.avatarTooLarge'));
    try {
      setAvatar((await upload.mutateAsync(file)).route);
    } catch (error) {
      fail(error);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const needsCurrent = askCurrent && newPassword !== '' && currentPassword === '';
    setCurrentMissing(needsCurrent);
    if (nicknameError) return nicknameRef.current?.focus();
    if (passwordError) return newPasswordRef.current?.focus();
    if (needsCurrent) return currentRef.current?.focus();
    const body: UpdateMember = {};
    if (nickname.trim() !== info.nickname) body.nickname = nickname;
    if (avatar !== info.avatar) body.avatar = avatar;
    if (newPassword) {
      body.password = newPassword;
      if (askCurrent) body.currentPassword = currentPassword;
    }
    try {
      await save.mutateAsync(body);
      toast.success(t('common.success'));
      setCurrentPassword('');
      setNewPassword('');
      setTried(false);
    } catch (error) {
      fail(error);
    }
  };

  const busy = save.isPending || upload.isPending;

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-busy={busy}>
      <div className={styles.group}>
        <h3 className={styles.groupTitle}>{t('account.home.avatar')}</h3>
        <div className={styles.avatarRow}>
          <img className={styles.avatarLarge} src={media(avatar) || defaultAvatar} alt="" width={88} height={88} />
          <div className={styles.avatarActions}>
            <button
              type="button"
              className={buttons.secondary}
              onClick={() => fileRef.current?.click()}
              disabled={busy}
              aria-describedby={avatarHintId}
            >
              {upload.isPending ? t('account.home.uploading') : t('account.home.changeAvatar')}
            </button>
            <p id={avatarHintId} className={styles.hint}>
              {t('account.home.avatarHint')}
            </p>
          </div>
          {/* The real file input: images only; the button above opens it. */}
          <input
            ref={fileRef}
            className="visually-hidden"
            type="file"
            accept="image/*"
            tabIndex={-1}
            aria-hidden="true"
            onChange={chooseFile}
          />
        </div>
      </div>

      <div className={styles.group}>
        <ReadonlyField label={t('account.home.email')}>{info.emailAddr}</ReadonlyField>
        <Field
          ref={nicknameRef}
          label={t('account.home.nickname')}
          error={showNickname && t(`validation.${nicknameError}`, { email: '' })}
          type="text"
          autoComplete="nickname"
          placeholder={t('validation.nicknameLength')}
          value={nickname}
          onChange={(event) => setNickname(event.target.value)}
        />
      </div>

      <div className={styles.group}>
        <h3 className={styles.groupTitle}>{t('account.home.password')}</h3>
        <p className={styles.hint}>
          {resetting ? t('account.home.passwordReset') : info.hasPassword ? t('account.home.passwordIntro') : t('account.home.passwordNone')}
        </p>
        {/* A hidden username lets password managers file the new password under the right account. */}
        <input type="email" autoComplete="username" value={info.emailAddr} readOnly hidden />
        {askCurrent && (
          <Field
            ref={currentRef}
            label={t('account.home.currentPassword')}
            error={showCurrent && t('serverMessages.currentPasswordRequired')}
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        )}
        <Field
          ref={newPasswordRef}
          label={t('account.home.newPassword')}
          error={showPassword && t(`validation.${passwordError}`, { email: '' })}
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
      </div>

      <div className={styles.actions}>
        <button type="submit" className={`${buttons.primary} ${styles.save}`} disabled={busy}>
          {save.isPending ? t('account.home.saving') : t('account.home.save')}
        </button>
      </div>
    </form>
  );
}
