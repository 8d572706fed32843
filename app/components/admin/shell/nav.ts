/**
 * The staff navigation's one table (docs/product.md, "Staff area"): four groups in the order of
 * the working day — the front desk, the money, the practice, the public site. A link is shown
 * only when its screen exists and the member's role may open it: the staff layout's loader sends
 * the paths the staff guard would let this member open (`openablePaths`, from ROUTE_POLICY), so
 * a screen named here appears in its group the day its route and its policy are added, and a
 * group with no screen to show is left out.
 */
import {
  BellRing,
  Building2,
  CalendarRange,
  ChartColumn,
  ClipboardList,
  Clock,
  FileText,
  GraduationCap,
  Images,
  Mail,
  Newspaper,
  ScrollText,
  Star,
  Stethoscope,
  UserCog,
  Users,
  UsersRound,
  Wallet,
  type StaffIcon,
  ListOrdered,
} from "~/components/admin/icons";

export interface NavItem {
  to: string;
  label: string;
  icon: StaffIcon;
}

export interface NavGroup {
  id: "accueil" | "argent" | "cabinet" | "site";
  label: string;
  /** the group's own page: 'Accueil' is the staff home */
  to?: string;
  items: NavItem[];
}

/** The staff home ('Aujourd'hui'): the header's brand and the nav's 'Accueil' lead there. */
export const STAFF_HOME = "/admin";

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: "accueil",
    label: "Accueil",
    to: STAFF_HOME,
    items: [
      { to: "/admin/agenda", label: "Agenda", icon: CalendarRange },
      { to: "/admin/rappels", label: "Rappels", icon: BellRing },
      { to: "/admin/liste-attente", label: "Liste d'attente", icon: ListOrdered },
      { to: "/admin/suivis", label: "Suivis", icon: Stethoscope },
      { to: "/admin/patients", label: "Patients", icon: Users },
      { to: "/admin/appointments", label: "Rendez-vous", icon: ClipboardList },
    ],
  },
  {
    id: "argent",
    label: "Argent",
    // screens to come (issue 28): shown once their route is in the staff guard's table
    items: [
      { to: "/admin/caisse", label: "Caisse", icon: Wallet },
      { to: "/admin/devis", label: "Devis", icon: FileText },
      { to: "/admin/rapports", label: "Rapports", icon: ChartColumn },
    ],
  },
  {
    id: "cabinet",
    label: "Cabinet",
    items: [
      { to: "/admin/horaires", label: "Horaires et fermetures", icon: Clock },
      { to: "/admin/equipe", label: "Équipe", icon: UsersRound },
      { to: "/admin/emails", label: "E-mails", icon: Mail },
      { to: "/admin/journal", label: "Journal", icon: ScrollText },
      { to: "/admin/account", label: "Mon compte", icon: UserCog },
    ],
  },
  {
    id: "site",
    label: "Site",
    items: [
      { to: "/admin/clinique", label: "Clinique", icon: Building2 },
      { to: "/admin/photos", label: "Photos", icon: Images },
      { to: "/admin/galerie", label: "Galerie et avis", icon: Star },
      { to: "/admin/blog", label: "Blog", icon: Newspaper },
      { to: "/admin/formations", label: "Formations", icon: GraduationCap },
    ],
  },
];

/**
 * The groups as one member sees them: only the links to paths in `openable` (the screens that
 * exist and that the role opens), and only the groups left with a link. A group's own page
 * ('Accueil') is kept when it may be opened.
 */
export function visibleNavGroups(groups: readonly NavGroup[], openable: readonly string[]): NavGroup[] {
  const may = new Set(openable);
  return groups
    .map((g) => ({ ...g, to: g.to && may.has(g.to) ? g.to : undefined, items: g.items.filter((i) => may.has(i.to)) }))
    .filter((g) => g.items.length > 0 || g.to);
}
