import Type from 'typebox';

/** Validation errors: 400 `{"message": {"field": ["..."]}}`. */
export type ValidationErrorBody = { message: Record<string, string[]> | string };

/** `{"errors":[{message, error_type, level, extra}]}` */
export type ErrorsBody = {
  errors: { message: string; error_type: string; level: 'info' | 'warning' | 'error'; extra: Record<string, unknown> }[];
};

/** List replies: `{count, ids, result}`. */
export type ListReply<T> = { count: number; ids: number[]; result: T[] };
export type ItemReply<T> = { id: number; result: T };

export const ListQuery = Type.Object({
  filters: Type.Optional(Type.Array(Type.Object({ col: Type.String(), opr: Type.String(), value: Type.Unknown() }))),
  order_column: Type.Optional(Type.String()),
  order_direction: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  page: Type.Optional(Type.Integer({ minimum: 0 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  columns: Type.Optional(Type.Array(Type.String())),
  keys: Type.Optional(Type.Array(Type.String())),
});
export type ListQuery = Type.Static<typeof ListQuery>;

export interface UserRef {
  id: number;
  first_name: string;
  last_name: string;
}
