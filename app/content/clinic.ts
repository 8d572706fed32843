// Moved to app/lib/clinic.ts (the identity is stored data now); kept while callers move to useClinic()/getClinic().
export * from "~/lib/clinic";
