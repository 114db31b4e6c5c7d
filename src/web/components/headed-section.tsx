import { type ReactNode, useId } from 'react';

interface HeadedSectionProps {
  /** The heading's text; it names the section for screen readers. */
  title: ReactNode;
  /** h2, h3 or h4: where the section stands in the page's outline. */
  level: 2 | 3 | 4;
  headingClassName: string;
  /** A line under the heading that also describes the section. */
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A <section> named by its heading (and described by the line under it, when there is one), then its body. */
export function HeadedSection({ title, level, headingClassName, description, className, children }: HeadedSectionProps) {
  const headingId = useId();
  const descriptionId = useId();
  const Heading = `h${level}` as const;
  return (
    <section aria-labelledby={headingId} aria-describedby={description ? descriptionId : undefined} className={className}>
      <Heading id={headingId} className={headingClassName}>
        {title}
      </Heading>
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {children}
    </section>
  );
}
