/* concept.c — the concept check's questions (concept.h): what each asks, its choices and
 * why each is right or wrong, in the lesson's words.
 * Must not touch: the terminal, drawing, any state. */
#include "concept.h"

#include <stddef.h>

static const ConceptQuestion questions[CONCEPT_QUESTIONS] = {
    { "the score table is symmetric",
      "Is the table of scores Q·Kᵀ symmetric: does A asking B always score what B asking A does?",
      "打分表 Q·Kᵀ 是对称的吗？「A 问 B」的分数，一定等于「B 问 A」的分数吗？",
      { { "Yes: it is a dot product, and a dot product is symmetric", "是的：分数是点积，点积是对称的",
          "Q(A)·K(B) and Q(B)·K(A) are two different products: Q and K come from two different matrices.",
          "Q(A)·K(B) 和 Q(B)·K(A) 是两个不同的乘积：Q 和 K 来自两张不同的矩阵。" },
        { "No: A's Q meets B's K, while B's Q meets A's K", "不是：一个是 A 的 Q 对 B 的 K，另一个是 B 的 Q 对 A 的 K",
          "Right: 等 asking 加 scores 4.05, 加 asking 等 2.08. That is why attention can say who needs whom.",
          "对：「等」问「加」得 4.05 分，「加」问「等」只有 2.08 分。所以注意力能分出谁需要谁。" },
        { "Only after softmax does it stop being symmetric", "softmax 之后才变得不对称",
          "The raw scores are already not symmetric; softmax works row by row on them.",
          "原始分数本来就不对称；softmax 只是一行一行地处理它们。" },
        { "Only a character and itself differ", "只有字和它自己这一格不一样",
          "A character with itself is the one cell that is its own mirror.",
          "字和它自己那一格，恰恰是唯一一个自己就是自己镜像的格子。" } },
      1 },
    { "attention is importance",
      "等 gives 加 its largest share, 52.4%. What does that say?",
      "「等」分给「加」的百分比最大，是 52.4%。这说明了什么？",
      { { "加 is the most important character of the sentence", "「加」是整句话里最重要的字",
          "A share is one asker's: 加 asking itself, or ?, gives other shares. It says where 等 takes from, not what matters most.",
          "百分比是某一个提问的字给出的：换成「加」自己或「?」来问，百分比就不一样了。它说的是「等」从哪里取货，不是谁最重要。" },
        { "等's Q matches 加's K best, so 等 takes most from 加's V", "「等」的 Q 和「加」的 K 最对得上，所以「等」从「加」的 V 里取得最多",
          "Right: the highest score gets the largest share, and the share weighs 加's V in 等's output.",
          "对：分数最高，分到的百分比就最大；这个百分比决定「加」的 V 在「等」的输出里占多少。" },
        { "加's word vector is the largest", "「加」的词向量最大",
          "The share comes from Q(等)·K(加): how well the two roles match, not how large a vector is.",
          "百分比来自 Q(等)·K(加)：看两个角色对不对得上，不看向量有多大。" },
        { "the model will answer 加", "模型的答案会是「加」",
          "What 等 collects is a mix of V's; the answer is read out later, and here it is a number, not 加.",
          "「等」取到的是几个 V 的混合；答案要到后面才读出来，而且答案是一个数，不是「加」。" } },
      1 },
    { "softmax changes the order",
      "Softmax turns a row of scores into shares. Can the character with the highest score get less than the largest share?",
      "softmax 把一行分数变成百分比。分数最高的字，分到的百分比会不会不是最大的？",
      { { "Yes: softmax reorders the scores", "会：softmax 会重新排序",
          "e^x grows with x: a higher score always gives a larger share. Softmax sets the proportions, not the order.",
          "e^x 随 x 变大：分数越高，百分比一定越大。softmax 只定比例，不改顺序。" },
        { "No: the order stays, only the gaps change", "不会：顺序不变，只是差距变了",
          "Right: 加's 4.05 is the highest score and its 52.4% the largest share; softmax keeps the order.",
          "对：「加」的 4.05 是最高分，52.4% 也是最大的百分比；softmax 不改顺序。" },
        { "Only when some scores are negative", "只有分数里有负数时才会",
          "Negative scores give small shares, still in the same order: e^x is positive and grows with x.",
          "负分只是分到的少，顺序照旧：e^x 总是正的，而且随 x 变大。" },
        { "Only without ÷√d", "只有不除以 √d 时才会",
          "Dividing every score of a row by the same √d keeps their order; without it the shares only crowd.",
          "一行分数都除以同一个 √d，顺序不变；不除，百分比只会更挤向最大的那个。" } },
      1 },
    { "÷√d is for speed",
      "Why are the scores divided by √d before softmax?",
      "为什么打完分要先除以 √d，再做 softmax？",
      { { "To make the computation faster", "为了算得更快",
          "One division per score costs the same either way: it is there for learning, not for speed.",
          "每个分数多做一次除法，快慢几乎一样：这一步是为了能学，不是为了快。" },
        { "So the scores do not grow with d and softmax does not saturate", "免得分数随 d 变大，让 softmax 饱和",
          "Right: a dot product of d terms grows like √d; unscaled, one share nears 100% and the gradient nears 0: unable to learn.",
          "对：d 个乘积加起来，分数随 √d 变大；不除，一个百分比接近 100%，梯度接近 0：学不动。" },
        { "So the shares add up to 100%", "为了让百分比加起来是 100%",
          "Softmax makes every row add up to 100% with or without ÷√d.",
          "不管除不除 √d，softmax 都会让每一行加起来正好 100%。" },
        { "To make the table symmetric", "为了让分数表对称",
          "Dividing by one number changes no direction: the table stays as unsymmetric as it was.",
          "除以同一个数不会改变方向：表还是原来那样不对称。" } },
      1 },
    { "the output has a different shape",
      "The input is [6, 8]: six characters, eight numbers each. What shape is self-attention's output?",
      "输入是 [6, 8]：六个字，每个字 8 个数。自注意力的输出是什么形状？",
      { { "[6, 6]", "[6, 6]",
          "[6, 6] is the table of shares; each output row is a weighted sum of the V rows, eight numbers.",
          "[6, 6] 是那张百分比表；输出的每一行是 V 的加权平均，还是 8 个数。" },
        { "[6, 8]", "[6, 8]",
          "Right: [T, d] in, [T, d] out. The shape is kept, which is why layers can be stacked.",
          "对：[T, d] 进，[T, d] 出。形状不变，所以能一层层叠起来。" },
        { "[1, 8]: one vector for the sentence", "[1, 8]：整句话一个向量",
          "Every character asks and every one gets its own output: six rows.",
          "每个字都在问，每个字都有自己的输出：六行。" },
        { "[8, 8]", "[8, 8]",
          "[8, 8] is the shape of Wq, Wk and Wv, not of what comes out.",
          "[8, 8] 是 Wq、Wk、Wv 的形状，不是输出的形状。" } },
      1 },
    { "Q, K and V are the same vector",
      "How are a character's Q, K and V made?",
      "一个字的 Q、K、V 是怎么来的？",
      { { "They are the same vector: x itself", "它们是同一个向量，就是 x 本身",
          "x is multiplied by three different matrices, so the three roles are three different vectors.",
          "x 乘三张不同的矩阵，三个分身就是三个不同的向量。" },
        { "x times three different trainable matrices, Wq, Wk and Wv", "x 分别乘三张不同的可训练矩阵 Wq、Wk、Wv",
          "Right: one vector, three roles: what I look for, my name tag, what I hand over.",
          "对：一个向量，三个分身：我在找什么、我的名牌、我交出去的内容。" },
        { "Q from x, K and V from the other characters", "Q 来自 x，K 和 V 来自别的字",
          "Each character makes all three of its own from its own x; the others' K and V are theirs.",
          "每个字都用自己的 x 做出自己的三个分身；别的字的 K 和 V 是别的字自己的。" },
        { "They are drawn at random for every sentence", "每句话随机抽出来的",
          "Wq, Wk and Wv are learned once and fixed; the same x always gives the same Q, K and V.",
          "Wq、Wk、Wv 训练好就固定了；同一个 x 总是得到同样的 Q、K、V。" } },
      1 },
    { "a column of shares adds up to 100%",
      "Each row of shares adds up to 100%. What about a column: what all characters take from one?",
      "百分比表的每一行加起来是 100%。那一列呢？也就是所有的字从同一个字那里取的加起来？",
      { { "Also 100%", "也是 100%",
          "Softmax makes each asker's row add up to 100%; a column can be near 0 or several times 100%.",
          "softmax 只让每个提问的字那一行加起来是 100%；一列可以接近 0，也可以是好几个 100%。" },
        { "It can be anything: only the rows are made to add up", "多少都有可能：只有行才被凑成 100%",
          "Right: a character many look at has a large column, one nobody needs a small one.",
          "对：很多字都看的那个字，这一列就大；没人需要的字，这一列就小。" },
        { "Always less than 100%", "总是不到 100%",
          "Nothing holds a column down: six askers can each give one character most of their row.",
          "没有什么限制一列：六个提问的字可以都把大部分给同一个字。" },
        { "Always exactly 0%", "总是正好 0%",
          "Every share is above 0 where the mask hides nothing: a column adds positive numbers.",
          "没有掩码挡住时，每个百分比都大于 0：一列加的都是正数。" } },
      1 },
    { "a character's shares are the same in every sentence",
      "Lesson 4's similarity gives 等 the same row in every sentence. Are 等's shares the same in every sentence too?",
      "第 4 课的相似度表里，「等」在哪句话里都是同一行。那「等」的百分比，在每句话里也都一样吗？",
      { { "Yes: attention looks only at a character's own content", "一样：注意力只看字本身的内容",
          "Q(等) meets the K of this sentence's characters: in 十减四等于? 等 gives 十 43.1%, not 加 52.4%.",
          "Q(等) 要和这句话里各个字的 K 去对：在「十减四等于?」里，「等」分给「十」43.1%，不是「加」的 52.4%。" },
        { "No: they depend on the other characters of the sentence", "不一样：要看这句话里别的字",
          "Right: the row of shares is decided together with the sentence's other characters.",
          "对：这一行百分比是和句子里别的字一起决定的。" },
        { "Only the largest share changes", "只有最大的那个百分比会变",
          "Every share of the row changes: softmax divides by a sum over this sentence's characters.",
          "整行都会变：softmax 除的是这句话里所有字的总和。" },
        { "Only with lesson 7's mask", "只有加了第 7 课的掩码才会变",
          "Without any mask the shares already change with the sentence.",
          "不加掩码，百分比也会随句子变。" } },
      1 },
    { "attention ignores the order of the characters",
      "三加五 and 五加三 hold the same characters. Does 等 look at them the same way?",
      "「三加五」和「五加三」的字一样。「等」看它们的方式也一样吗？",
      { { "Yes: attention does not know where a character stands", "一样：注意力不知道字在哪个位置",
          "x = word vector + position fingerprint: the same character at another place has another x, so another Q and K.",
          "x = 词向量 + 位置指纹：同一个字换个位置，x 就不同，Q 和 K 也跟着不同。" },
        { "No: the position fingerprint makes each place's x different", "不一样：位置指纹让每个位置的 x 都不同",
          "Right: without the fingerprint the order would be lost; with it, who stands where counts.",
          "对：没有位置指纹，顺序就丢了；有了它，谁站在哪里也算数。" },
        { "Only if the sentence is longer than 8 characters", "只有句子超过 8 个字时才不一样",
          "The fingerprint is added at every position, whatever the length.",
          "不管句子多长，每个位置都加了位置指纹。" },
        { "Only the first character's place counts", "只有第一个字的位置算数",
          "Every position has its own fingerprint.",
          "每个位置都有自己的指纹。" } },
      1 },
    { "K is what is handed over",
      "When 等 takes from 加, what does 加 hand over?",
      "「等」从「加」那里取货，「加」交出去的是什么？",
      { { "Its K", "它的 K",
          "K is the name tag Q is matched against; it decides how much, not what.",
          "K 是拿来和 Q 对的名牌；它决定取多少，不决定取什么。" },
        { "Its V", "它的 V",
          "Right: V is the content handed over; the share says how much of it.",
          "对：V 是交出去的内容；百分比决定取多少。" },
        { "Its Q", "它的 Q",
          "加's Q is what 加 looks for when it asks; it plays no part when 等 asks.",
          "「加」的 Q 是「加」自己去问时找的东西；「等」来问时用不到它。" },
        { "Its word vector, unchanged", "它原封不动的词向量",
          "What is handed over has gone through Wv: V = x·Wv.",
          "交出去的是乘过 Wv 的：V = x·Wv。" } },
      1 },
    { "the shares are trained",
      "Are the shares, such as 等's 52.4% for 加, trainable numbers of the model?",
      "像「等」分给「加」的 52.4% 这样的百分比，是模型要训练的数吗？",
      { { "Yes: training sets each share", "是：训练会把每个百分比调好",
          "The shares are computed afresh for every sentence from Q and K; what is trained is Wq, Wk and Wv.",
          "百分比是每句话都从 Q 和 K 重新算出来的；要训练的是 Wq、Wk、Wv。" },
        { "No: they are computed for each sentence from the trained Wq and Wk", "不是：它们是每句话用训练好的 Wq、Wk 算出来的",
          "Right: 192 numbers are trained here (3 × 8 × 8); the shares follow from them for any sentence.",
          "对：这里要训练的是 192 个数（3 × 8 × 8）；任何一句话的百分比都由它们算出来。" },
        { "Yes, but only the largest share", "是，但只训练最大的那个",
          "No share is stored: all of them come from the scores of the sentence at hand.",
          "百分比一个也不存：全都由眼前这句话的分数算出来。" },
        { "They are fixed at 1/T", "它们固定是 1/T",
          "Equal shares would make every output the same average; the scores make them differ.",
          "要是都一样，每个字的输出就全是同一个平均；是分数让它们不一样。" } },
      1 },
    { "taking from a V moves it",
      "等 takes 52.4% of 加's V. How much of its V does 加 keep?",
      "「等」拿了「加」的 V 的 52.4%。「加」自己还剩多少？",
      { { "47.6%", "47.6%",
          "Nothing is taken away: V(加) is read, not moved, and every asker reads it whole.",
          "什么也没有被拿走：V(加) 只是被读取，不会被挪走，每个提问的字都能读到完整的它。" },
        { "All of it: attention reads V, it moves nothing", "全部：注意力只读 V，什么也不挪",
          "Right: a share weighs a copy of V(加) in 等's output; 加's own V is unchanged.",
          "对：百分比只决定 V(加) 在「等」的输出里占多少；「加」自己的 V 不变。" },
        { "None of it", "一点也不剩",
          "Reading does not use it up: 加 itself and the other characters read the same V(加).",
          "读取不会用掉它：「加」自己和别的字读到的还是同一个 V(加)。" },
        { "It depends on 加's own shares", "要看「加」自己的百分比",
          "加's own shares say what 加 collects, not what it keeps: its V is not spent.",
          "「加」自己的百分比说的是「加」取到什么，不是它剩多少：它的 V 不会被用掉。" } },
      1 },
};

/* How far each question turns its choices round: the right one lands in slots D B C A D C
 * B A C D A B. */
static const int concept_turn[CONCEPT_QUESTIONS] = { 2, 0, 3, 1, 2, 3, 0, 1, 3, 2, 1, 0 };

int concept_choice_at(int i, int slot)
{
    if (i < 0 || i >= CONCEPT_QUESTIONS)
        return slot;
    return (slot + concept_turn[i]) % CONCEPT_CHOICES;
}

int concept_right_slot(int i)
{
    for (int slot = 0; slot < CONCEPT_CHOICES; slot++)
        if (concept_choice_at(i, slot) == questions[i < 0 ? 0 : i % CONCEPT_QUESTIONS].right)
            return slot;
    return 0;
}

const ConceptQuestion *concept_question(int i)
{
    if (i < 0 || i >= CONCEPT_QUESTIONS)
        return NULL;
    return &questions[i];
}

const char *concept_text(const ConceptQuestion *q, Lang lang)
{
    return LANG_PICK(lang, q->en, q->zh);
}

const char *concept_choice(const ConceptQuestion *q, int k, Lang lang)
{
    return LANG_PICK(lang, q->choice[k].en, q->choice[k].zh);
}

const char *concept_why(const ConceptQuestion *q, int k, Lang lang)
{
    return LANG_PICK(lang, q->choice[k].why_en, q->choice[k].why_zh);
}
