declare module 'rison' {
  const rison: {
    encode(value: unknown): string;
    decode(text: string): unknown;
    encode_object(value: Record<string, unknown>): string;
    encode_array(value: unknown[]): string;
  };
  export default rison;
}
