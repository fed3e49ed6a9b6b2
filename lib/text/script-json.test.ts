import { jsonForScript } from './script-json';

describe('values placed into inline scripts', () => {
  it('cannot end the script or open a comment', () => {
    const text = jsonForScript({ s: '</script><script>alert(1)</script><!--' });
    expect(text).not.toMatch(/[<>]/);
    expect(JSON.parse(text)).toEqual({ s: '</script><script>alert(1)</script><!--' });
  });

  it('escapes ampersands and the line separators older engines end strings at', () => {
    const text = jsonForScript('a&b\u2028c\u2029');
    expect(text).toBe('"a\\u0026b\\u2028c\\u2029"');
    expect(JSON.parse(text)).toBe('a&b\u2028c\u2029');
  });

  it("a quote stays inside its string: the classic break-out `'-alert(1)-'` is data", () => {
    const value = "'-alert(document.domain)-'";
    expect(new Function(`return ${jsonForScript(value)}`)()).toBe(value);
  });
});
