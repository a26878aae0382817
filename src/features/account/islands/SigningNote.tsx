import { WAIVER_SIGNING_NOTE } from '../../../../shared/company/waiver-text.ts';

/** The words of the note that link to the profile, where the signed copy is. */
const PROFILE_WORDS = 'your profile';

/**
 * Signing electronically binds as on paper, and a copy stays available from the profile (the ESIGN
 * Act's consent and retention points). On a guide's phone the profile is not the signer's: the words
 * stay, without the link.
 */
export default function SigningNote({ linked = true }: { linked?: boolean }) {
  const at = WAIVER_SIGNING_NOTE.indexOf(PROFILE_WORDS);
  if (at < 0 || !linked) return <p className="waiver-signing-note">{WAIVER_SIGNING_NOTE}</p>;
  return (
    <p className="waiver-signing-note">
      {WAIVER_SIGNING_NOTE.slice(0, at)}
      <a href="/profile">{PROFILE_WORDS}</a>
      {WAIVER_SIGNING_NOTE.slice(at + PROFILE_WORDS.length)}
    </p>
  );
}
