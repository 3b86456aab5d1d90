import type { ApiResponses } from "#contract/api-responses.ts";

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Route = keyof ApiResponses;
type RouteOf<M extends ApiMethod> = Extract<Route, `${M} ${string}`>;
type TemplateOf<R extends Route> = R extends `${string} ${infer Template}` ? Template : never;

/** The addresses a path template stands for: `/api/posts/{id}` → `/api/posts/${string}`. */
type Addresses<Template extends string> = Template extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Addresses<Tail>}`
  : Template;

type WithoutQuery<Url extends string> = Url extends `${infer Path}?${string}` ? Path : Url;

/** Where a call with this method may go: a route's address, with or without a query string. */
export type ApiUrl<M extends ApiMethod> =
  | Addresses<TemplateOf<RouteOf<M>>>
  | `${Addresses<TemplateOf<RouteOf<M>>>}?${string}`;

type Segments<Path extends string> = Path extends `${infer Head}/${infer Tail}`
  ? [Head, ...Segments<Tail>]
  : [Path];

/** Whether an address fits a template segment by segment, `{…}` standing for any one segment. */
type Fits<Url extends string[], Template extends string[]> = Url extends [
  infer U extends string,
  ...infer UrlRest extends string[],
]
  ? Template extends [infer T extends string, ...infer TemplateRest extends string[]]
    ? (T extends `{${string}}` ? true : U extends T ? true : false) extends true
      ? Fits<UrlRest, TemplateRest>
      : false
    : false
  : Template extends []
    ? true
    : false;

/** The route a call goes to: the one named exactly (`/api/admin/costs/total`), else the one whose template fits. */
type RouteFor<M extends ApiMethod, Url extends string> = M extends ApiMethod
  ? Url extends string
    ? `${M} ${WithoutQuery<Url>}` extends RouteOf<M>
      ? `${M} ${WithoutQuery<Url>}`
      : {
          [R in RouteOf<M>]: Fits<Segments<WithoutQuery<Url>>, Segments<TemplateOf<R>>> extends true
            ? R
            : never;
        }[RouteOf<M>]
    : never
  : never;

/** What the server answers a call, from its method and address (`contract/api-responses.ts`). */
export type ApiResponse<M extends ApiMethod, Url extends string> = ApiResponses[RouteFor<M, Url>];

/** The addresses (without parameters) of the routes whose answer has this shape: the admin lists, say. */
export type UrlAnswering<M extends ApiMethod, Shape> = {
  [R in RouteOf<M>]: ApiResponses[R] extends Shape
    ? TemplateOf<R> extends `${string}{${string}`
      ? never
      : TemplateOf<R>
    : never;
}[RouteOf<M>];
