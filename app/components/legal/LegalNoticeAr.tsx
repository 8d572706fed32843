import { Link } from "react-router";
import { LegalLayout } from "~/components/content/LegalLayout";
import { DATA_LAW_AR } from "~/content/legal";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { phoneLabel } from "~/i18n/clinic";
import { legalFactsAr, Ltr } from "./legal-ar";

export const LEGAL_NOTICE_AR = {
  title: "البيانات القانونية",
  description: (name: string) => `البيانات القانونية لموقع ${name}: الناشر، ومدير النشر، والجهة المستضيفة، ووسائل الاتصال.`,
};

const TOC = [
  { id: "editeur", label: "ناشر الموقع" },
  { id: "hebergeur", label: "الاستضافة" },
  { id: "contact", label: "اتصل بنا" },
  { id: "information-medicale", label: "المعلومات الطبية" },
  { id: "propriete", label: "الملكية الفكرية" },
  { id: "donnees", label: "المعطيات الشخصية" },
  { id: "droit", label: "القانون المطبَّق" },
];

/** The legal notice in Arabic (/ar/mentions-legales): the French page's sections, faithfully. */
export function LegalNoticeAr() {
  const clinic = useClinic();
  const { words, href } = useI18n();
  const facts = legalFactsAr(clinic, words);
  const { legal } = clinic;
  return (
    <LegalLayout title={LEGAL_NOTICE_AR.title} lead="تُعرّف المعلومات الواردة أدناه بناشر هذا الموقع والجهة المستضيفة له، وفقًا للقانون الجزائري." toc={TOC}>
      <h2 id="editeur">ناشر الموقع</h2>
      <p>
        يتولّى نشر هذا الموقع <strong>{words.name}</strong>، {facts.activity}.
      </p>
      <ul>
        <li>
          العنوان: {words.street}، <Ltr>{clinic.address.postalCode}</Ltr> {words.district}، {words.city}، {words.country}
        </li>
        <li>مدير النشر: {facts.director}</li>
        <li>{facts.order}</li>
        <li>{facts.registration}</li>
      </ul>

      <h2 id="hebergeur">الاستضافة</h2>
      <p>يُستضاف الموقع ومعطياته في الجزائر لدى:</p>
      <ul>
        <li>
          <strong>{facts.hostName}</strong>
        </li>
        <li>العنوان: {facts.hostAddress}</li>
        <li>
          الهاتف: <Ltr>{legal.host.phone}</Ltr>
        </li>
        <li>
          الموقع الإلكتروني:{" "}
          <a href={legal.host.website} rel="noopener noreferrer">
            <Ltr>{legal.host.website.replace(/^https?:\/\//, "")}</Ltr>
          </a>
        </li>
      </ul>

      <h2 id="contact">اتصل بنا</h2>
      <ul>
        {clinic.phones.map((p) => (
          <li key={p.tel}>
            {phoneLabel(p.label, "ar")}:{" "}
            <a href={`tel:${p.tel}`}>
              <Ltr>{p.display}</Ltr>
            </a>
          </li>
        ))}
        <li>
          البريد الإلكتروني:{" "}
          <a href={`mailto:${clinic.email}`}>
            <Ltr>{clinic.email}</Ltr>
          </a>
        </li>
        <li>العنوان البريدي: {words.oneLine}</li>
      </ul>

      <h2 id="information-medicale">المعلومات الطبية</h2>
      <p>
        تُقدَّم محتويات هذا الموقع (صفحات العلاجات، ومقالات المدوّنة) على سبيل الإعلام العام. وهي لا تُعدّ تشخيصًا ولا وصفة طبية، ولا تُغني عن
        الاستشارة: فالفحص السريري وحده يسمح بتحديد العلاج المناسب، وتقدير مدّته، وإعداد عرض السعر. ولا تعني الرسوم التوضيحية والأمثلة المعروضة أنّ
        النتيجة ستكون نفسها في حالة أخرى.
      </p>
      <p>في حالة ألم شديد، أو انتفاخ، أو نزيف مستمرّ، اتصل بالعيادة دون تأخير.</p>

      <h2 id="propriete">الملكية الفكرية</h2>
      <p>
        النصوص والرسوم التوضيحية والشعارات وطريقة عرض هذا الموقع ملك لـ{words.name}، ما لم يُذكر خلاف ذلك. ويُمنع نسخها، ولو جزئيًا، دون إذن كتابي
        مسبق. وتُنشر آراء المرضى بموافقة أصحابها.
      </p>
      <p>
        تستعمل خريطة الوصول المعطيات الجغرافية لمشروع <Ltr>OpenStreetMap</Ltr>، © المساهمون في <Ltr>OpenStreetMap</Ltr>، والمتاحة بموجب ترخيص{" "}
        <Ltr>ODbL</Ltr>.
      </p>

      <h2 id="donnees">المعطيات الشخصية</h2>
      <p>
        تُعالَج المعطيات المرسَلة عبر استمارتَي حجز المواعيد والتسجيل في الدورات التكوينية وفقًا لـ{DATA_LAW_AR.name}. وتجد تفاصيل المعطيات المجمَّعة،
        واستعمالها، ومدّة حفظها، وحقوقك في <Link to={href("/politique-de-confidentialite")}>سياسة الخصوصية</Link>.
      </p>

      <h2 id="droit">القانون المطبَّق</h2>
      <p>
        يخضع هذا الموقع وبياناته القانونية للقانون الجزائري. وفي حالة النزاع، وما لم يُتوصَّل إلى حلّ ودّي، تختصّ الجهات القضائية المختصّة بالجزائر
        العاصمة وحدها بالنظر فيه.
      </p>
    </LegalLayout>
  );
}
