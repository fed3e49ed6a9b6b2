import type { Rule } from 'eslint';

export declare const SERVER_MODULES: string[];
export declare const SERVER_PACKAGES: string[];
export declare function serverReason(root: string, filename: string, specifier: string): string | undefined;
declare const rule: Rule.RuleModule;
export default rule;
