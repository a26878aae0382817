/**
 * Text a customer may send: no NUL or other control characters (tab, line feed and carriage
 * return are fine), no DEL, and no half of a surrogate pair. The database refuses NUL in text, and
 * the others only ever arrive by mistake or by malice.
 */

/** Whether one string is acceptable text. */
export function isSafeText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20) {
      if (code !== 0x09 && code !== 0x0a && code !== 0x0d) return false;
    } else if (code === 0x7f) {
      return false;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      // A high surrogate must be followed by a low one; the pair is one character.
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/**
 * The path (e.g. `survey.medicalConditions`, `providerData.0`) of the first string in a parsed JSON
 * value, object keys included, that is not safe text; null when every string is. Walks without
 * recursion, so however deeply the value is nested it cannot overflow the stack.
 */
export function unsafeTextPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (!isSafeText(current)) return path || '(body)';
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) stack.push([current[index], join(path, String(index))]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index] as [string, unknown];
        if (!isSafeText(key)) return join(path, '(a field name)');
        stack.push([item, join(path, key)]);
      }
    }
  }
  return null;
}
