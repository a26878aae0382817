/**
 * What a person trips over on a page as it is on screen, read in the browser: the page wider than
 * the screen, a control that covers another, a control cut off or sticking out of the frame drawn
 * around it, a choice whose text a select cuts short, a box or a round choice smaller than a thumb
 * (24 px), and on a phone a field whose text is under 16 px (the phone zooms in on it). Each
 * problem is one line naming the control as a person would find it.
 *
 * `layoutProblems` runs inside the page (page.evaluate): it is self-contained.
 */
export function layoutProblems({ phone }: { phone: boolean }): string[] {
  type Box = { left: number; top: number; right: number; bottom: number };
  const CONTROLS = [
    'a[href]',
    'button',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'summary',
    'iframe',
    '[tabindex]:not([tabindex="-1"])',
    ...['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'option', 'slider', 'combobox', 'textbox'].map(
      (role) => `[role="${role}"]`,
    ),
  ].join(',');
  const problems: string[] = [];
  const screenWidth = document.documentElement.clientWidth;
  const intersect = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const toPage = (rect: DOMRect): Box => ({
    left: rect.left + scrollX,
    top: rect.top + scrollY,
    right: rect.right + scrollX,
    bottom: rect.bottom + scrollY,
  });
  const sizable = (box: Box) => box.right - box.left >= 2 && box.bottom - box.top >= 2;
  const inside = (inner: Box, outer: Box) =>
    inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
  const pageBox: Box = { left: 0, top: 0, right: document.documentElement.scrollWidth, bottom: document.documentElement.scrollHeight };
  const clipsOverflow = (element: Element) => {
    const style = getComputedStyle(element);
    return style.overflowX !== 'visible' || style.overflowY !== 'visible';
  };
  const nameOf = (element: Element) => {
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
    const labels = 'labels' in element ? (element as HTMLInputElement).labels : null;
    const label = labels?.[0]?.textContent?.trim() ?? '';
    const said =
      label || text || element.getAttribute('placeholder') || element.getAttribute('name') || element.getAttribute('title') || '';
    return `${element.tagName.toLowerCase()} "${said.replace(/\s+/g, ' ').slice(0, 40)}"`;
  };
  /** The element's boxes (a link that wraps has one per line) as they show: cut to each ancestor that clips its overflow and to the page. */
  const visibleBoxes = (element: Element): Box[] => {
    const clips = [pageBox];
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (clipsOverflow(parent)) clips.push(toPage(parent.getBoundingClientRect()));
    }
    return [...element.getClientRects()].map((rect) => clips.reduce(intersect, toPage(rect))).filter(sizable);
  };
  /** Drawn as a frame: a border, a background or a shadow. */
  const isFrame = (element: Element) => {
    const style = getComputedStyle(element);
    const bordered = ['top', 'right', 'bottom', 'left'].some(
      (side) => style.getPropertyValue(`border-${side}-style`) !== 'none' && parseFloat(style.getPropertyValue(`border-${side}-width`)) > 0,
    );
    const filled = style.backgroundColor !== 'rgba(0, 0, 0, 0)' && style.backgroundColor !== 'transparent';
    return bordered || filled || style.boxShadow !== 'none';
  };
  /** The nearest ancestor drawn as a frame, which the control belongs inside. */
  const frameOf = (element: Element): Element | null => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (isFrame(parent)) return parent;
    }
    return null;
  };

  // The page is no wider than the screen: name the deepest elements that reach past its right edge.
  if (document.documentElement.scrollWidth > screenWidth + 1) {
    const past = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > screenWidth + 1);
    const deepest = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
    problems.push(
      `the page is ${document.documentElement.scrollWidth} px wide on a ${screenWidth} px screen: ${deepest
        .slice(0, 3)
        .map(nameOf)
        .join(', ')}`,
    );
  }

  // The page's margin stays clear: no control or frame inside the main column reaches into main's padding.
  const main = document.querySelector('main');
  if (main) {
    const style = getComputedStyle(main);
    const rect = main.getBoundingClientRect();
    const left = rect.left + parseFloat(style.paddingLeft) - 1;
    const right = rect.right - parseFloat(style.paddingRight) + 1;
    // A band drawn from edge to edge of the screen (the home page's hero), and what is on it, are meant to.
    const inFullBleed = (element: Element) => {
      for (let at: Element | null = element; at && at !== main; at = at.parentElement) {
        const box = at.getBoundingClientRect();
        if (box.left <= 0 && box.right >= screenWidth) return true;
      }
      return false;
    };
    // What a frame that scrolls sideways (a wide table's) holds is cut off at the frame's edges; the frame is checked itself.
    const inScroller = (element: Element) => {
      for (let at = element.parentElement; at && at !== main; at = at.parentElement) {
        if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(at).overflowX) && at.scrollWidth > at.clientWidth) return true;
      }
      return false;
    };
    const reaching = [...main.querySelectorAll('*')].filter((element) => {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      if (!element.matches(CONTROLS) && !isFrame(element)) return false;
      const box = element.getBoundingClientRect();
      return box.width >= 2 && !inFullBleed(element) && !inScroller(element) && (box.left < left || box.right > right);
    });
    const outermost = reaching.filter((element) => !reaching.some((other) => other !== element && other.contains(element)));
    for (const element of outermost.slice(0, 3)) problems.push(`${nameOf(element)} reaches into the page's margin`);
  }

  const controls = [...document.querySelectorAll(CONTROLS)]
    .filter((element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
    .map((element) => ({ element, boxes: visibleBoxes(element), whole: [...element.getClientRects()].map(toPage).filter(sizable) }))
    .filter(({ boxes }) => boxes.length > 0);

  for (const { element, boxes, whole } of controls) {
    // Cut off by a container that hides its overflow (a visually hidden field under 2 x 2 px stands for the control drawn over it).
    const shown = boxes.reduce((area, box) => area + (box.right - box.left) * (box.bottom - box.top), 0);
    const full = whole.reduce((area, box) => area + (box.right - box.left) * (box.bottom - box.top), 0);
    if (full - shown > 4) problems.push(`${nameOf(element)} is cut off`);
    // Outside the frame drawn around it.
    const frame = frameOf(element);
    const frameBox = frame && toPage(frame.getBoundingClientRect());
    if (frame && frameBox && !whole.every((box) => inside(box, frameBox))) {
      problems.push(`${nameOf(element)} sticks out of ${frame.tagName.toLowerCase()}.${[...frame.classList].join('.')}`);
    }
    // A button or a link drawn as a box whose words do not fit in it.
    const style = getComputedStyle(element);
    if (
      style.display !== 'inline' &&
      element.matches('button, a, [role="button"], summary') &&
      element.scrollWidth > element.clientWidth + 1
    ) {
      problems.push(`the words of ${nameOf(element)} do not fit in it`);
    }
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      const rect = element.getBoundingClientRect();
      if (rect.width < 23.5 || rect.height < 23.5)
        problems.push(`${nameOf(element)} is ${Math.round(rect.width)} x ${Math.round(rect.height)} px, under 24 px`);
    }
    const typed =
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement ||
      (element instanceof HTMLInputElement &&
        !['checkbox', 'radio', 'range', 'color', 'file', 'submit', 'button', 'image', 'reset'].includes(element.type));
    if (phone && typed && parseFloat(style.fontSize) < 16)
      problems.push(`${nameOf(element)} has ${style.fontSize} text: a phone zooms in on it`);
    // A select shows its chosen line whole: the text, its padding and the arrow fit in its box.
    if (element instanceof HTMLSelectElement && element.selectedOptions[0]) {
      const context = document.createElement('canvas').getContext('2d');
      if (context) {
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = element.selectedOptions[0].text;
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        if (context.measureText(text).width > room) problems.push(`${nameOf(element)} cuts "${text}" short`);
      }
    }
  }

  // No control covers another (a control inside another, a button in a link's box, is not an overlap).
  controls.forEach((a, index) => {
    for (const b of controls.slice(index + 1)) {
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const shared = a.boxes
        .flatMap((boxA) => b.boxes.map((boxB) => intersect(boxA, boxB)))
        .map((box) => ({ width: Math.round(box.right - box.left), height: Math.round(box.bottom - box.top) }))
        .find((box) => box.width > 1 && box.height > 1);
      if (shared) problems.push(`${nameOf(a.element)} and ${nameOf(b.element)} overlap by ${shared.width} x ${shared.height} px`);
    }
  });
  return problems;
}
