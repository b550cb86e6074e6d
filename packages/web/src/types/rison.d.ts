declare module 'rison' {
  interface Rison {
    encode(value: unknown): string;
    encode_uri(value: unknown): string;
    decode(text: string): unknown;
  }
  const rison: Rison;
  export default rison;
}
