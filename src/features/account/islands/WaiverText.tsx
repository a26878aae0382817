/** A waiver's words as a signer reads them: the intro's paragraphs, then each section's heading with its paragraphs and lists. */
import type { WaiverDocument } from '../../../../shared/rules/waiver-record.ts';

export default function WaiverText({ document }: { document: WaiverDocument }) {
  return (
    <>
      {document.intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h3>{section.heading}</h3>
          {section.blocks.map((block, index) =>
            typeof block === 'string' ? (
              <p key={index}>{block}</p>
            ) : (
              <ul key={index}>
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </>
  );
}
