/**
 * Serialises a value for use inside an inline `<script>`: JSON, with `<`, `>` and `&` escaped so
 * no `</script>` or HTML comment can end the script early, and U+2028/U+2029 escaped because
 * older JavaScript engines treat them as line ends inside strings. The one way input reaches a
 * script: never concatenate a value into script text.
 */
export function jsonForScript(value: unknown): string {
  return (JSON.stringify(value) ?? 'null')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
