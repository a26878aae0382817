/**
 * The customer's profile picture (an https address only), or a drawn default when there is none or
 * it fails to load. The default is inline, so it needs no file.
 */
import { useState } from 'react';

export function DefaultAvatar() {
  return (
    <svg className="profile-photo" viewBox="0 0 96 96" role="img" aria-label="Default profile picture">
      <circle cx="48" cy="48" r="48" fill="#e3eee8" />
      <circle cx="48" cy="38" r="17" fill="#1f4d3a" />
      <path d="M16 82c5-17 18-26 32-26s27 9 32 26a47 47 0 0 1-64 0z" fill="#1f4d3a" />
    </svg>
  );
}

export default function ProfilePhoto({ url }: { url: string | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || url === failedUrl) return <DefaultAvatar />;
  return (
    <img
      className="profile-photo"
      src={url}
      alt="Your profile picture"
      width={96}
      height={96}
      referrerPolicy="no-referrer"
      decoding="async"
      onError={() => setFailedUrl(url)}
    />
  );
}
