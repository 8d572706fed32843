import { Link } from "react-router";
import { LegalLayout } from "~/components/content/LegalLayout";
import { DATA_LAW_AR, DATA_PROCESSINGS_AR } from "~/content/legal";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { legalFactsAr, Ltr } from "./legal-ar";

export const PRIVACY_AR = {
  title: "سياسة الخصوصية",
  description: "المعطيات التي تجمعها استمارتا حجز المواعيد والتسجيل، وأغراض معالجتها، ومدد حفظها، وحقوقك (القانون رقم 18-07).",
};

const TOC = [
  { id: "responsable", label: "المسؤول عن المعالجة" },
  { id: "traitements", label: "المعطيات المجمَّعة واستعمالاتها" },
  { id: "durees", label: "المدد التي يطبّقها الموقع" },
  { id: "sante", label: "المعطيات الصحية" },
  { id: "destinataires", label: "من يطّلع على معطياتك" },
  { id: "securite", label: "الأمن" },
  { id: "cookies", label: "ملفات تعريف الارتباط والخدمات الخارجية" },
  { id: "droits", label: "حقوقك" },
  { id: "reclamation", label: "الشكوى" },
];

type Unit = "month" | "day" | "minute" | "hour" | "backup";
/** one, two (after a preposition), 3 to 10, 11 and more */
const FORMS: Record<Unit, [string, string, string, string]> = {
  month: ["شهر واحد", "شهرين", "أشهر", "شهرًا"],
  day: ["يوم واحد", "يومين", "أيام", "يومًا"],
  minute: ["دقيقة واحدة", "دقيقتين", "دقائق", "دقيقة"],
  hour: ["ساعة واحدة", "ساعتين", "ساعات", "ساعة"],
  backup: ["نسخة احتياطية واحدة", "نسختين احتياطيتين", "نسخ احتياطية", "نسخة احتياطية"],
};

/** A count with its noun as Arabic grammar wants it after a number: 'شهرين', '6 أشهر', '12 شهرًا'. */
export function countAr(n: number, unit: Unit): string {
  const [one, two, few, many] = FORMS[unit];
  if (n === 1) return one;
  if (n === 2) return two;
  const rest = n % 100;
  return `${n} ${rest >= 3 && rest <= 10 ? few : many}`;
}

interface Periods {
  retentionMonths: number;
  backupKeep: number;
  dailyBackups: boolean;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  knownDeviceDays: number;
  formWindowMinutes: number;
}

/** The privacy policy in Arabic (/ar/politique-de-confidentialite): the French page's sections and periods, faithfully (law 18-07). */
export function PrivacyPolicyAr({ d }: { d: Periods }) {
  const clinic = useClinic();
  const { words, href } = useI18n();
  const facts = legalFactsAr(clinic, words);
  const email = (
    <a href={`mailto:${clinic.email}`}>
      <Ltr>{clinic.email}</Ltr>
    </a>
  );
  return (
    <LegalLayout
      title={PRIVACY_AR.title}
      lead="لا نجمع إلا المعطيات الضرورية لاستقبالك وعلاجك. توضّح هذه الصفحة ما هي هذه المعطيات، ولماذا نجمعها، وإلى متى نحتفظ بها، وكيف تمارس حقوقك."
      toc={TOC}
    >
      <h2 id="responsable">المسؤول عن المعالجة</h2>
      <p>
        المسؤول عن معالجة معطياتك هو <strong>{words.name}</strong>، ويمثّلها {words.doctorName}، {words.oneLine}. لأيّ سؤال يتعلّق بمعطياتك: {email}.
      </p>
      <p>
        تُنفَّذ المعالجات المبيّنة أدناه وفقًا لـ{DATA_LAW_AR.name}، وهي مصرَّح بها لدى {DATA_LAW_AR.authority}.
      </p>

      <h2 id="traitements">المعطيات المجمَّعة واستعمالاتها</h2>
      {DATA_PROCESSINGS_AR.map((t) => (
        <section key={t.id} aria-labelledby={`traitement-${t.id}`} className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h3 id={`traitement-${t.id}`} className="!mt-0">
            {t.title}
          </h3>
          <dl className="mt-3 grid gap-3 text-base sm:grid-cols-[180px_1fr]">
            <dt className="font-semibold text-navy-900">المعطيات</dt>
            <dd>
              <ul className="!mt-0">
                {t.data.map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
            </dd>
            <dt className="font-semibold text-navy-900">الغرض</dt>
            <dd>{t.purpose}.</dd>
            <dt className="font-semibold text-navy-900">الأساس القانوني</dt>
            <dd>{t.basis}.</dd>
            <dt className="font-semibold text-navy-900">مدّة الحفظ</dt>
            <dd>{t.retention}.</dd>
            <dt className="font-semibold text-navy-900">المطّلعون عليها</dt>
            <dd>{t.recipients}.</dd>
          </dl>
        </section>
      ))}
      <p>
        يُشار في كلّ استمارة إلى الخانات الإلزامية؛ ومن دونها لا يمكننا معالجة طلبك. لا تُباع معطياتك أبدًا، ولا تُؤجَّر، ولا تُستعمل لأغراض إشهارية. وعند
        انقضاء المدد المبيّنة، تُحذف أو تُجهَّل.
      </p>

      <h2 id="durees">المدد التي يطبّقها الموقع</h2>
      <p>هذه هي المدد التي يطبّقها الموقع نفسه، تلقائيًا:</p>
      <ul>
        <li>
          <strong>طلبات المواعيد التي لم تُؤكَّد قطّ</strong> (بقيت في حالة «طلب مستلَم»، أو أُلغيت دون أن تُؤكَّد): بعد {countAr(d.retentionMonths, "month")} من
          التاريخ المطلوب، يُمحى الاسم والهاتف والبريد الإلكتروني والرسالة والرسائل الإلكترونية المتبادَلة. ولا يبقى إلا التاريخ والعلاج والحالة، دون أيّ
          هوية.
        </li>
        <li>
          <strong>المحو بطلب منك</strong>: بمجرّد أن تنفّذه العيادة من ملفك، يُمحى من قاعدة المعطيات اسمك وبيانات الاتصال بك ورسائلك وملاحظات الفريق؛ ويُحتفظ
          بتاريخ مواعيدك والعلاج ومبالغها لأغراض المحاسبة، دون هويتك. ويُسجَّل كلّ تسليم لنسخة من معطياتك بطلب منك وكلّ محو (من قام به، ومتى).
        </li>
        <li>
          <strong>قائمة الانتظار</strong>: يُمحى تسجيلك بعد {countAr(d.retentionMonths, "month")} من انتهائه (تجاوز التاريخ، أو الحصول على موعد، أو الانسحاب)، وفورًا
          في حالة المحو بطلب منك؛ ولا يبقى عرض الموعد صالحًا إلا بضع ساعات.
        </li>
        <li>
          <strong>النسخ الاحتياطية</strong>: {d.dailyBackups ? "نسخة واحدة كلّ يوم؛ " : ""}يُحتفظ بأحدث {countAr(d.backupKeep, "backup")}، وتُحذف الأقدم منها
          {d.dailyBackups ? `: تختفي المعطيات الممحوّة من النسخ الاحتياطية في أجل أقصاه ${countAr(d.backupKeep, "day")} بعد محوها.` : "."}
        </li>
        <li>
          <strong>الرابط الشخصي للموعد</strong> (المرسَل بالبريد الإلكتروني أو عبر واتساب): لا يعمل إلا حتى نهاية يوم الموعد، ويتوقّف نهائيًا بعد محو معطياتك.
        </li>
        <li>
          <strong>عدّادات مكافحة التجاوزات</strong> في الاستمارات: تُمحى بعد {countAr(d.formWindowMinutes, "minute")} من إنشائها؛ أمّا عدّادات صفحة دخول الموظفين،
          فبعد 24 ساعة من آخر محاولة.
        </li>
        <li>
          <strong>جلسة الموظفين</strong>: تُغلق بعد {countAr(d.sessionIdleMinutes, "minute")} دون نشاط، وفي أجل أقصاه {countAr(d.sessionMaxHours, "hour")} بعد تسجيل
          الدخول؛ ويدوم ملف تعريف الارتباط الذي يتعرّف على جهاز أحد الموظفين {countAr(d.knownDeviceDays, "day")}.
        </li>
        <li>
          <strong>السجلّات التقنية</strong>: لا تتضمّن اسمك، ولا هاتفك، ولا بريدك الإلكتروني، ولا ما تكتبه في الاستمارات.
        </li>
      </ul>

      <h2 id="sante">المعطيات الصحية</h2>
      <p>
        المعلومات المتعلّقة بصحّتك معطيات حسّاسة. ولا تطلب منك استمارة حجز الموعد أيًّا منها: خانة «الرسالة» اختيارية، وننصحك بألّا تفصّل فيها حالتك
        الصحية، التي سنتناولها معًا خلال الاستشارة. والمعطيات الصحية التي تُجمع في العيادة مشمولة بالسرّ الطبي.
      </p>

      <h2 id="destinataires">من يطّلع على معطياتك</h2>
      <p>
        لا يطّلع عليها إلا جرّاح الأسنان وأعضاء فريق العيادة الذين يحتاجون إليها لأداء مهامّهم، ولكلّ منهم حساب شخصي محمي. وتحفظ الجهة المستضيفة لموقعنا،{" "}
        {facts.hostName}، المعطيات لحسابنا على خوادم موجودة في الجزائر، دون أن يحقّ لها استعمالها لأغراض أخرى. ولا تنقل العيادة أيّ معطيات إلى بلد أجنبي.
      </p>
      <p>وقد تُبلَّغ معطياتك أخيرًا إلى السلطات عندما يفرض القانون ذلك.</p>

      <h2 id="securite">الأمن</h2>
      <p>
        المبادلات مع الموقع مشفَّرة (<Ltr>HTTPS</Ltr>). وفضاء الموظفين محميّ بكلمات مرور مخزَّنة في شكل مشفَّر لا يمكن عكسه، وبجلسات محدودة المدّة، وبتقييد
        محاولات الدخول. والاستمارات العامة محمية من الإرسال الآلي.
      </p>

      <h2 id="cookies">ملفات تعريف الارتباط والخدمات الخارجية</h2>
      <p>
        لا يستعمل الموقع أيّ ملف تعريف ارتباط إشهاري ولا أيّ أداة لقياس عدد الزوار. ولا يضع ملف تعريف ارتباط للجلسة إلا فضاء الموظفين، وهو ضروري حصرًا
        لتسجيل الدخول.
      </p>
      <p>
        توفّر خدمة <Ltr>OpenStreetMap</Ltr> خريطة الوصول المعروضة في بعض الصفحات: عند عرضها، يتّصل متصفّحك بخوادم مؤسّسة <Ltr>OpenStreetMap</Ltr>،
        التي تتلقّى عنوان بروتوكول الإنترنت الخاص بك. وإن فضّلت ذلك، فعنوان العيادة مكتوب كاملًا في كلّ صفحة.
      </p>

      <h2 id="droits">حقوقك</h2>
      <p>وفقًا لـ{DATA_LAW_AR.short}، لك في أيّ وقت:</p>
      <ul>
        <li>الحقّ في الإعلام باستعمال معطياتك؛</li>
        <li>الحقّ في الاطّلاع على معطياتك والحصول على نسخة منها؛</li>
        <li>الحقّ في تصحيح المعطيات غير الدقيقة أو الناقصة؛</li>
        <li>الحقّ في طلب محو معطياتك، مع مراعاة واجبات حفظ الملف الطبي؛</li>
        <li>الحقّ في الاعتراض، لسبب مشروع، على معالجة معطياتك؛</li>
        <li>الحقّ في سحب موافقتك، دون أن يمسّ ذلك بالمعالجات التي تمّت قبل سحبها.</li>
      </ul>
      <p>
        لممارسة هذه الحقوق، راسلنا على {email} أو بالبريد على عنوان العيادة، مع ذكر اسمك وهاتفك وموضوع طلبك. وقد نطلب منك إثبات هويتك. ونجيبك في
        أجل أقصاه شهر واحد.
      </p>

      <h2 id="reclamation">الشكوى</h2>
      <p>
        إذا رأيت، بعد الاتصال بنا، أنّ حقوقك غير محترمة، يمكنك تقديم شكوى إلى {DATA_LAW_AR.authority}. انظر أيضًا{" "}
        <Link to={href("/mentions-legales")}>البيانات القانونية</Link>.
      </p>
    </LegalLayout>
  );
}
