import type { Clinic } from "~/lib/clinic";
import type { MailMessage } from "./mail";
import { renderMail } from "./mail-layout";

/**
 * The e-mail with a password-reset link (docs/product.md, "Staff: account and login"), in the
 * clinic's one mail layout (text and HTML say the same thing). The link holds the token; it is in
 * the message only, never in a log line (the outbox logs ids and kinds).
 */
export function passwordResetMail(to: string, link: string, minutes: number, clinic: Clinic): MailMessage {
  const subject = `Réinitialisation de votre mot de passe — ${clinic.name}`;
  return {
    to,
    subject,
    ...renderMail({
      clinic,
      title: subject,
      preheader: `Un lien pour choisir un nouveau mot de passe, valable ${minutes} minutes.`,
      heading: "Choisir un nouveau mot de passe",
      intro: [
        "Une réinitialisation du mot de passe de votre compte de l'espace de travail de la clinique a été demandée avec cette adresse e-mail.",
        "Pour choisir un nouveau mot de passe, ouvrez le lien ci-dessous.",
      ],
      action: {
        label: "Choisir un nouveau mot de passe",
        url: link,
        textLabel: "Choisir un nouveau mot de passe",
        hint: `Le lien est valable ${minutes} minutes et ne sert qu'une fois. Toutes vos sessions ouvertes seront fermées ; la double authentification vous sera toujours demandée.`,
      },
      outro: ["Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste le même. Si cela se répète, prévenez un administrateur de la clinique."],
      footnote: "Vous recevez ce message parce qu'une réinitialisation de mot de passe a été demandée pour votre compte sur la page de connexion du site.",
    }),
    kind: "password_reset",
  };
}
