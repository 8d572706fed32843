import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { staffContext } from "~/context";
import { getStaffSession, type StaffSession } from "./session";

/**
 * The one guard of the staff area: the middleware of the `admin` route, so it runs before every
 * admin loader and action (documents, client data requests, fetchers and resource routes alike).
 * Without a valid session a page request (GET/HEAD) is redirected to /login?redirectTo=…, any
 * other method gets 401 and nothing runs. See docs/decisions/004-one-form-stack-one-guard.md.
 * Every answer to a signed-in staff member carries `Cache-Control: private, no-store`.
 */
export const staffGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const staff = await getStaffSession(request);
  if (!staff) {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    if (method === "GET" || method === "HEAD") {
      throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
    }
    throw data({ reason: "session" as const, redirectTo: url.pathname }, { status: 401 });
  }
  context.set(staffContext, staff);
  const response = await next();
  // Staff pages, their data requests and exports hold patient data: never kept by a cache.
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/** The signed-in staff member of an admin loader or action (set by `staffGuard`). */
export function getStaff(context: Readonly<RouterContextProvider>): StaffSession {
  const staff = context.get(staffContext);
  // Only reachable if a route outside the admin tree calls it: a programming error.
  if (!staff) throw new Error("getStaff() called outside the staff area");
  return staff;
}
