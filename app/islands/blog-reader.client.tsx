import { BlogReader } from "~/components/blog/BlogReader";
import { hydrateIslands } from "./hydrate";

hydrateIslands("blog-reader", BlogReader);
