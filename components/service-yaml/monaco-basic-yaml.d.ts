/** Monaco's YAML basic language (tokens and editing rules); the package ships no declaration for it. */
declare module 'monaco-editor/esm/vs/basic-languages/yaml/yaml.js' {
  import type { languages } from 'monaco-editor';
  export const conf: languages.LanguageConfiguration;
  export const language: languages.IMonarchLanguage;
}
