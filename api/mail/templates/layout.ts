/**
 * The frame every message shares: the site's palette and type, a header with the company's name, a
 * single column up to 600px wide (readable at phone width in Gmail and Apple Mail), and a footer with
 * the company's place, phone, e-mail and a note that a reply reaches a person. Styles are inline, as
 * mail clients drop style sheets.
 */
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { site } from '../../../shared/company/site.ts';

/** The site's colours (src/styles/global.css). */
export const palette = {
  ink: '#1b2730',
  muted: '#46555f',
  snow: '#f7f9fb',
  paper: '#ffffff',
  line: '#cfd8de',
  pine: '#1f4d3a',
  pineDark: '#163829',
  pineLight: '#e3eee8',
  gold: '#e0b45a',
  alert: '#9b1c1c',
} as const;

export const fontStack = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const styles = {
  text: { fontSize: '16px', lineHeight: '24px', color: palette.ink, margin: '0 0 16px' },
  small: { fontSize: '14px', lineHeight: '21px', color: palette.muted, margin: '0 0 8px' },
  heading: { fontSize: '24px', lineHeight: '30px', color: palette.ink, margin: '0 0 16px', fontWeight: 700 },
  subheading: { fontSize: '18px', lineHeight: '24px', color: palette.ink, margin: '24px 0 8px', fontWeight: 700 },
  link: { color: palette.pine, textDecoration: 'underline' },
  list: { fontSize: '16px', lineHeight: '24px', color: palette.ink, margin: '0 0 16px', paddingLeft: '20px' },
  listItem: { margin: '0 0 6px' },
  button: {
    backgroundColor: palette.pine,
    color: palette.paper,
    fontSize: '16px',
    fontWeight: 700,
    borderRadius: '8px',
    padding: '12px 20px',
    textDecoration: 'none',
  },
} satisfies Record<string, CSSProperties>;

interface LayoutProps {
  /** The site's home page, on its own origin: the header's link. */
  home: string;
  /** The line mail clients show after the subject. */
  preview: string;
  heading: string;
  children?: ReactNode;
}

function Header({ home }: { home: string }) {
  return h(
    Section,
    { style: { backgroundColor: palette.pine, borderBottom: `4px solid ${palette.gold}`, padding: '18px 24px' } },
    h(Link, { href: home, style: { color: palette.paper, fontSize: '20px', fontWeight: 700, textDecoration: 'none' } }, site.name),
  );
}

function Footer() {
  const place = `${site.address.locality}, ${site.address.region}`;
  return h(
    Section,
    { style: { padding: '0 24px 24px' } },
    h(Hr, { style: { borderTop: `1px solid ${palette.line}`, margin: '0 0 16px' } }),
    h(Text, { style: styles.small }, `${site.name}, ${place}`),
    h(
      Text,
      { style: styles.small },
      h(Link, { href: site.phone.href, style: styles.link }, site.phone.display),
      ' \u00b7 ',
      h(Link, { href: `mailto:${site.email}`, style: styles.link }, site.email),
    ),
    h(Text, { style: styles.small }, `Reply to this e-mail to reach us; we answer within ${site.replyWithin}.`),
  );
}

/** A whole message: the frame around a heading and the message's own sections. */
export function Layout({ home, preview, heading, children }: LayoutProps) {
  return h(
    Html,
    { lang: 'en' },
    h(Head),
    h(Preview, null, preview),
    h(
      Body,
      { style: { backgroundColor: palette.snow, margin: 0, padding: '16px 8px', fontFamily: fontStack, color: palette.ink } },
      h(
        Container,
        { style: { maxWidth: '600px', backgroundColor: palette.paper, border: `1px solid ${palette.line}` } },
        h(Header, { home }),
        h(Section, { style: { padding: '24px' } }, h(Heading, { as: 'h1', style: styles.heading }, heading), children),
        h(Footer),
      ),
    ),
  );
}
